/**
 * `npm run bench:images`: the image bytes a phone downloads before the reader scrolls. Chromium
 * opens each page at 375×740 CSS pixels, waits for the idle islands and a quiet network, and adds
 * up every image response: eager ones, and lazy ones close enough to the screen that the browser
 * fetches them anyway. Reported at pixel ratios 2 and 3, with how much the same files would cost
 * at their source size, for scale.
 */
import { chromium, type Request } from '@playwright/test';
import { readdirSync, statSync } from 'node:fs';
import { join, parse } from 'node:path';
import { islandsHydrated } from '../tests/e2e/helpers.ts';
import { build, CHROMIUM, CHROMIUM_FLAGS, kb, PAGES, serve } from './lib/server.ts';

const SCREEN = { width: 375, height: 740 };
const PIXEL_RATIOS = [2, 3];
/** The target for the home page at a pixel ratio of 2, a common phone. */
const HOME_BUDGET = 150 * 1024;

interface ImageTransfer {
  url: string;
  bytes: number;
}

/** Optimised files are named `<source name>.<hash>_<transform>.<ext>` (see Astro's image step). */
function sourceFile(url: string): string | undefined {
  const match = /\/_astro\/(.+?)\.[\w-]{8}_[\w-]+\.(?:avif|webp|jpe?g|png)$/.exec(new URL(url).pathname);
  return match?.[1];
}

/** The committed source images beside the articles, by name without extension, with their sizes. */
const CONTENT = 'src/content/articles';
const SOURCE_SIZES = new Map(
  readdirSync(CONTENT, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(jpe?g|png|webp)$/i.test(file))
    .map((file) => [parse(file).name, statSync(join(CONTENT, file)).size]),
);

build();
const server = await serve();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
let homeAt2 = 0;
try {
  const rows = [];
  for (const page of PAGES.filter((p) => p.path !== '/archives')) {
    for (const deviceScaleFactor of PIXEL_RATIOS) {
      const context = await browser.newContext({ viewport: SCREEN, deviceScaleFactor, isMobile: true, hasTouch: true });
      const tab = await context.newPage();
      const finished: Promise<ImageTransfer>[] = [];
      tab.on('requestfinished', (request: Request) => {
        if (request.resourceType() !== 'image') return;
        finished.push(
          request.sizes().then((s) => ({ url: request.url(), bytes: s.responseHeadersSize + s.responseBodySize })),
        );
      });
      await tab.goto(server.origin + page.path, { waitUntil: 'load' });
      await islandsHydrated(tab);
      await tab.waitForLoadState('networkidle');
      if ((await tab.evaluate(() => window.scrollY)) !== 0) throw new Error(`${page.path} scrolled by itself`);
      const images = await Promise.all(finished);
      const optimised = images.filter((i) => sourceFile(i.url));
      await context.close();

      const bytes = images.reduce((sum, i) => sum + i.bytes, 0);
      if (page.path === '/home' && deviceScaleFactor === 2) homeAt2 = bytes;
      rows.push({
        页面: page.name,
        像素比: deviceScaleFactor,
        图片请求: images.length,
        '图片传输（滚动前）': kb(bytes),
        其中封面和正文图片: `${optimised.length} 个，${kb(optimised.reduce((sum, i) => sum + i.bytes, 0))}`,
        同样这些图用原图时: kb(optimised.reduce((sum, i) => sum + (SOURCE_SIZES.get(sourceFile(i.url)!) ?? 0), 0)),
      });
    }
  }
  console.table(rows);
  console.log(
    `目标：375px 宽（像素比 2）的手机上，首页滚动前下载的图片 ≤ ${kb(HOME_BUDGET)}；本次 ${kb(homeAt2)}${homeAt2 <= HOME_BUDGET ? '，达标' : '，超标'}。`,
  );
} finally {
  await browser.close();
  server.stop();
}

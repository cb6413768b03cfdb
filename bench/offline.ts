/**
 * `npm run bench:offline`: offline reading in Chromium, on a blog of ARTICLES articles (the demo's,
 * with their covers and pictures, and text-only ones after them), built into a folder of its own.
 * A reader with the offline worker reads every article to its end; then the figures:
 * - what the worker's caches hold by then, by cache, and what the browser counts for the site;
 * - offline, the browser's HTTP cache emptied: how long an article read before takes to show from
 *   the worker's cache, opened by address (first contentful paint) and by the router's links (from
 *   the click to the new page swapped in), median and slowest of SAMPLES each.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OFFLINE_CACHES } from '../src/lib/shared/offline/rules.ts';
import { astroCacheWithDemoImages, copyDemoContent } from '../tests/siteCopies.ts';
import { writeSyntheticMarkdown } from './lib/blog.ts';
import { CHROMIUM, CHROMIUM_FLAGS, buildSite, dataIn, serve } from './lib/server.ts';
import { median } from './lib/stats.ts';

const ARTICLES = 50;
const SAMPLES = 15;
/** Goal: an article read before shows offline within this many milliseconds. */
const GOAL_MS = 200;

const work = mkdtempSync(join(tmpdir(), 'blog-bench-offline-'));
const content = join(work, 'content');
copyDemoContent(content);
const demo = readdirSync(join(content, 'articles')).filter((name) => name.endsWith('.md')).length;
writeSyntheticMarkdown(content, ARTICLES - demo, 3000, 1001);
const env = {
  CONTENT_DIR: content,
  DIST_DIR: join(work, 'dist'),
  ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(work, 'cache')),
};
console.log(`构建 ${ARTICLES} 篇文章的博客（${demo} 篇示例文章，${ARTICLES - demo} 篇纯文字）…`);
buildSite(env);

const server = await serve({
  ...env,
  ...dataIn(work),
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (values: number[]) => `中位数 ${median(values).toFixed(0)} ms，最慢 ${Math.max(...values).toFixed(0)} ms`;

/** Reads to the end: every picture loaded, as a reader scrolling down loads them. */
async function readToTheEnd(page: Page) {
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img')) image.loading = 'eager';
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
  });
}

/** Bytes each of the worker's caches holds, as their bodies are. */
const cacheBytes = (page: Page) =>
  page.evaluate(async (names) => {
    const sizes: Record<string, { entries: number; bytes: number }> = {};
    for (const name of Object.values(names)) {
      const cache = await caches.open(name);
      const keys = await cache.keys();
      let bytes = 0;
      for (const key of keys) bytes += (await (await cache.match(key))?.blob())?.size ?? 0;
      sizes[name] = { entries: keys.length, bytes };
    }
    return { sizes, usage: (await navigator.storage.estimate()).usage ?? 0 };
  }, OFFLINE_CACHES);

try {
  const context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/home');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const sitemap = await (await fetch(`${server.origin}/sitemap-0.xml`)).text();
  const articles = [...sitemap.matchAll(/<loc>[^<]*?(\/article\/\d+)<\/loc>/g)].map(([, path]) => path);
  for (const path of articles) {
    await page.goto(path);
    await readToTheEnd(page);
  }
  // What the worker keeps after a page (its islands' code) lands a moment later.
  let last = -1;
  for (let settled = 0; settled < 3;) {
    await page.waitForTimeout(1000);
    const { usage } = await cacheBytes(page);
    settled = usage === last ? settled + 1 : 0;
    last = usage;
  }
  const { sizes, usage } = await cacheBytes(page);
  console.log(`\n读完 ${articles.length} 篇文章（连同首页）后，离线缓存：`);
  console.table(
    Object.fromEntries(
      Object.entries(sizes).map(([name, { entries, bytes }]) => [name, { 条目: entries, 大小: mb(bytes) }]),
    ),
  );
  const total = Object.values(sizes).reduce((sum, { bytes }) => sum + bytes, 0);
  console.log(`合计 ${mb(total)}；浏览器为本站记的存储用量 ${mb(usage)}`);

  await context.setOffline(true);
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.clearBrowserCache');
  const sample = articles.filter((_, i) => i % Math.ceil(articles.length / SAMPLES) === 0).slice(0, SAMPLES);
  const paints: number[] = [];
  for (const path of sample) {
    await page.goto(path);
    paints.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            new PerformanceObserver((list, observer) => {
              const paint = list.getEntriesByName('first-contentful-paint')[0];
              if (!paint) return;
              observer.disconnect();
              resolve(paint.startTime);
            }).observe({ type: 'paint', buffered: true }),
          ),
      ),
    );
  }
  const swaps: number[] = [];
  for (const path of sample) {
    await page.goto('/archives');
    swaps.push(
      await page.evaluate(
        (href) =>
          new Promise<number>((resolve) => {
            const link = Object.assign(document.createElement('a'), { href });
            document.querySelector('main')!.append(link);
            const started = performance.now();
            document.addEventListener('astro:after-swap', () => resolve(performance.now() - started), { once: true });
            link.click();
          }),
        path,
      ),
    );
  }
  console.log(
    `\n离线打开读过的文章（${sample.length} 篇，目标 ≤ ${GOAL_MS} ms）：\n` +
      `  按地址打开，首次内容绘制：${ms(paints)}\n` +
      `  站内链接（路由）切换，从点击到新页面换上：${ms(swaps)}`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

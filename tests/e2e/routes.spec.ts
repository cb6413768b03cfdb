import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { themeForHour } from '../../src/lib/browser/theme';
import { expect, test, watchContext } from './fixtures';
import { islandsHydrated, wakeIslands } from './helpers';

/** Every prerendered route, from the sitemap the build wrote. */
const sitemap = readFileSync(join(process.env.DIST_DIR ?? 'dist', 'client', 'sitemap-0.xml'), 'utf8');
const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url).pathname);

/**
 * A fixed-offset zone in which the local hour is now `hour`. The theme, the greeting and every
 * clock on the page follow the reader's hour, so the pages are opened once by night and once by day.
 */
function zoneWhereItIs(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 24) % 24;
  if (offset > 12) offset -= 24;
  // The POSIX sign is inverted: Etc/GMT-8 is eight hours ahead of UTC.
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const READERS_AT_ONCE = 2;

// By night and by day are two workers' work.
test.describe.configure({ mode: 'parallel' });

for (const [label, hour] of [
  ['by night', 2],
  ['by day', 12],
] as const) {
  test.describe(label, () => {
    const timezoneId = zoneWhereItIs(hour);

    test(`every prerendered route opens with zero errors (${routes.length} routes)`, async ({
      browser,
      baseURL,
      problems,
    }) => {
      test.setTimeout(routes.length * 4_000);
      expect(routes.length).toBeGreaterThan(50);
      const visit = async (route: string) => {
        // A new profile for each route: the first visit is the one that hydrates over browser-only state.
        const context = await browser.newContext({ baseURL, timezoneId, locale: 'zh-CN' });
        await watchContext(context, problems, new URL(baseURL!).origin);
        const page = await context.newPage();
        const res = await page.goto(route);
        expect(res?.status(), route).toBe(200);
        await islandsHydrated(page);
        // And those that wait for the reader: each must hydrate on every route without an error.
        await wakeIslands(page);
        // The boot script chose the theme by the reader's hour, not the server's.
        await expect(page.locator('html'), route).toHaveAttribute('data-theme', themeForHour(hour));
        await context.close();
      };
      // A few readers at a time, as a site has: each page spends most of its time waiting on the network.
      const queue = [...routes];
      await Promise.all(
        Array.from({ length: READERS_AT_ONCE }, async () => {
          for (let route = queue.shift(); route; route = queue.shift()) await visit(route);
        }),
      );
    });
  });
}

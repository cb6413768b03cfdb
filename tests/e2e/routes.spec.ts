import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
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

/**
 * Makes the next page a first visit, which hydrates over browser-only state: the tab leaves the
 * site for a plain text file of it (so what the page saves as it goes is saved now), and the
 * site's storage is emptied, the tab's own included. Only the cache of files is kept.
 */
async function forgetTheSite(page: Page, devtools: CDPSession, origin: string) {
  await page.goto('/robots.txt');
  await page.evaluate(() => sessionStorage.clear());
  await devtools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
}

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
      const origin = new URL(baseURL!).origin;
      // Each reader keeps one tab, as a reader's browser keeps its cache of the site's scripts and a
      // tab's process: a new profile per route spent half of this test starting browser processes.
      const reader = async (queue: string[]) => {
        const context = await browser.newContext({ baseURL, timezoneId, locale: 'zh-CN' });
        await watchContext(context, problems, origin);
        const page = await context.newPage();
        const devtools = await context.newCDPSession(page);
        for (let route = queue.shift(); route; route = queue.shift()) {
          await forgetTheSite(page, devtools, origin);
          const res = await page.goto(route);
          expect(res?.status(), route).toBe(200);
          await islandsHydrated(page);
          // And those that wait for the reader: each must hydrate on every route without an error.
          await wakeIslands(page);
          // The boot script chose the theme by the reader's hour, not the server's.
          await expect(page.locator('html'), route).toHaveAttribute('data-theme', themeForHour(hour));
        }
        await context.close();
      };
      // A few readers at a time, as a site has: each page spends most of its time waiting on the network.
      const queue = [...routes];
      await Promise.all(Array.from({ length: READERS_AT_ONCE }, () => reader(queue)));
    });
  });
}

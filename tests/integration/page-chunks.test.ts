/**
 * The chunking of the client scripts (the build plugins in scripts/astro/) holds: each page's
 * first flight and the scripts a first visit loads once its idle islands have hydrated are exactly
 * the figures `npm run bench:pages` prints, measured the same way (bench/lib/pageFigures.ts) on
 * the built site. An Astro, Vite or Rolldown upgrade that splits or merges the chunks another way,
 * or drops a rule the plugins rely on, fails here rather than on readers' phones.
 * A change meant to move these figures updates them here, after comparing with bench:pages.
 */
import { chromium, type Browser } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFirstFlights, firstFlight, firstVisit, median } from '../../bench/lib/pageFigures';
import { CHROMIUM, CHROMIUM_FLAGS, PAGES } from '../../bench/lib/server';
import { startServer, type RunningServer } from './serve';

/**
 * Per page, as bench:pages prints them, in KB: 首屏（HTML + 阻塞 CSS，brotli）, 其中 JS and 脚本请求.
 * The script count is exact. The sizes may differ by a rounding step: the pages name the chunks by
 * their content hashes, and any change to the code renames them, which moves the compressed HTML
 * and scripts by some tens of bytes; a chunk more or less, or one merged elsewhere, moves them by
 * far more.
 */
const EXPECTED: Record<string, { firstFlight: number; js: number; scripts: number }> = {
  // No island hydrates while a reader only reads (README, 岛屿什么时候水合): the page scripts alone,
  // without the request client, which the islands bring (the page scripts' one call, the site's
  // view, goes without it).
  '/home': { firstFlight: 8.7, js: 18.0, scripts: 3 },
  // The counters in the banner hydrate at idle, and React with them.
  '/article/1': { firstFlight: 9.1, js: 86.7, scripts: 9 },
  '/archives': { firstFlight: 7.1, js: 18.0, scripts: 3 },
};
// Offline reading added 0.4 KB to the page script (registering the worker once the page is idle, the
// header's 离线 mark) and 0.8 KB more to an article's idle scripts (the one line offline, the
// network's store, the request client's offline answer); 离线保存 loads when the like bar is in view.
const ROUNDING_STEP_KB = 0.1;
const inKb = (bytes: number) => Number((bytes / 1024).toFixed(1));
/**
 * The first flight of every article page: the median within one rounding step, the largest at most
 * this. Both move by 0.1 KB between two builds of the same tree (the colours of a few code blocks
 * vary), so the median is held as the other figures are.
 */
// The header, the tables of contents, the banner and the footer style themselves under their own
// classes, unscoped, so no element carries a data-astro-cid attribute; the drawer reads its items
// from the header's menu instead of a copy in its props; the boot script compares the stored theme
// with the store's two texts. That brought the median from 10.2 KB (10,452 B) to 9.6 KB (9,822 B).
// Offline reading's manifest link and header mark took it to 9.7 KB (9,913 B).
const EXPECTED_ARTICLES = { median: 9.7, max: 10.1 * 1024 }; // printed 10.1 KB at most

const CLIENT = join(process.env.DIST_DIR || 'dist', 'client');
let data: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'blog-page-chunks-'));
  server = await startServer({ DATABASE_URL: `file:${join(data, 'blog.db')}`, UPLOAD_DIR: join(data, 'uploads') });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(data, { recursive: true, force: true });
});

describe('the chunk figures of bench:pages', () => {
  for (const page of PAGES) {
    it(`${page.path}: first flight, and the scripts after idle`, async () => {
      const visit = await firstVisit(browser, server.url + page.path);
      const expected = EXPECTED[page.path];
      expect(visit.scripts).toBe(expected.scripts);
      expect(Math.abs(inKb(firstFlight(CLIENT, join(CLIENT, page.path))) - expected.firstFlight)).toBeLessThanOrEqual(
        ROUNDING_STEP_KB + 1e-9,
      );
      expect(Math.abs(inKb(visit.js) - expected.js)).toBeLessThanOrEqual(ROUNDING_STEP_KB + 1e-9);
    }, 60_000);
  }

  it('no script a reader loads imports the console’s chunk', () => {
    const scripts = join(CLIENT, '_astro');
    const consoleIslands = new Set(
      readdirSync('src/islands/admin', { recursive: true }).map((file) =>
        String(file)
          .split(/[\\/]/)
          .at(-1)!
          .replace(/\.tsx?$/, ''),
      ),
    );
    const importers = readdirSync(scripts)
      .filter(
        (file) => file.endsWith('.js') && /from"\.\/admin\.[\w-]+\.js"/.test(readFileSync(join(scripts, file), 'utf8')),
      )
      .map((file) => file.split('.')[0]);
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((name) => !consoleIslands.has(name))).toEqual([]);
  });

  it('every article page: the median and largest first flight', () => {
    const flights = articleFirstFlights(CLIENT);
    expect(Math.abs(inKb(median(flights)) - EXPECTED_ARTICLES.median)).toBeLessThanOrEqual(ROUNDING_STEP_KB + 1e-9);
    // The goal bench:pages prints, in bytes, whatever the rounding.
    expect(median(flights)).toBeLessThanOrEqual(10_000);
    expect(flights.at(-1)!).toBeLessThanOrEqual(EXPECTED_ARTICLES.max);
  });
});

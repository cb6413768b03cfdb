/**
 * How a built page weighs on a first visit: what `npm run bench:pages` prints, and what
 * tests/integration/page-chunks.test.ts holds the build to (one definition for both).
 */
import type { Browser } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { islandsHydrated } from '../../tests/e2e/helpers.ts';

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

/** Stylesheets the head links without a media query that lets the page paint first. */
export const blockingStylesheets = (html: string) =>
  [...head(html).matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    .filter(([tag]) => !/\bmedia="(print|not all)"/.test(tag))
    .map(([tag]) => tag.match(/\bhref="([^"]+)"/)![1]);

export function firstPaintCss(html: string) {
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce(
    (sum, m) => sum + Buffer.byteLength(m[1]),
    0,
  );
  return { inline, linked: blockingStylesheets(html).length };
}

/** Scripts that stop the parser: classic scripts in the head with a src and neither async nor defer. */
export function renderBlockingScripts(html: string) {
  const tags = [...head(html).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const classic = tags.filter(
    ([, attrs]) => !/type="(module|application\/json)"/.test(attrs) && !/\b(async|defer)\b/.test(attrs),
  );
  return {
    requests: classic.filter(([, attrs]) => /\bsrc=/.test(attrs)).length,
    inlineBytes: classic
      .filter(([, attrs]) => !/\bsrc=/.test(attrs))
      .reduce((sum, [, , body]) => sum + Buffer.byteLength(body), 0),
  };
}

/** A built file's size as served with brotli: its `.br` variant, or the file itself when that is not smaller. */
function brotliSize(path: string): number {
  try {
    return statSync(`${path}.br`).size;
  } catch {
    return statSync(path).size;
  }
}

/** What a page needs before it paints, brotli: its HTML and the stylesheets it links blocking. `dir` is the page's folder in `client`. */
export function firstFlight(client: string, dir: string): number {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  return (
    brotliSize(join(dir, 'index.html')) +
    blockingStylesheets(html).reduce(
      (sum, href) => sum + brotliSize(join(client, new URL(href, 'http://x').pathname)),
      0,
    )
  );
}

/** The first flight of every article page, smallest first. */
export function articleFirstFlights(client: string): number[] {
  const articles = join(client, 'article');
  return readdirSync(articles, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => firstFlight(client, join(articles, entry.name)))
    .sort((a, b) => a - b);
}

export interface FirstVisit {
  /** Bytes on the wire (headers and compressed bodies) of the page and all it loaded. */
  total: number;
  requests: number;
  /** Bytes on the wire of the scripts. */
  js: number;
  scripts: number;
}

/** What a first visit on a phone downloads, once the islands that do not wait to be scrolled to have hydrated and the network is idle. */
export async function firstVisit(browser: Browser, url: string): Promise<FirstVisit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const tab = await context.newPage();
    await tab.goto(url, { waitUntil: 'load' });
    await islandsHydrated(tab);
    await tab.waitForLoadState('networkidle');
    return await tab.evaluate(() => {
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      const js = entries.filter((e) => /\.m?js(\?|$)/.test(e.name));
      return {
        total: entries.reduce((sum, e) => sum + e.transferSize, 0),
        requests: entries.length,
        js: js.reduce((sum, e) => sum + e.transferSize, 0),
        scripts: js.length,
      };
    });
  } finally {
    await context.close();
  }
}

export const median = (sorted: readonly number[]) => {
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * `npm run bench:pages`: bytes on the wire for the home page, an article and the archives.
 * HTML raw, gzip and brotli; the CSS needed for first paint; render-blocking JS; and what a first
 * visit downloads in Chromium once the idle islands have hydrated: every byte, and the scripts.
 * Then the first flight (HTML plus render-blocking CSS, brotli) of every article page.
 */
import { chromium } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { islandsHydrated } from '../tests/e2e/helpers.ts';
import { build, CHROMIUM, CHROMIUM_FLAGS, kb, PAGES, serve } from './lib/server.ts';

const CLIENT = join(process.env.DIST_DIR || 'dist', 'client');
/** `/article/1`'s inline CSS before island styles moved into their chunks (issue 9), in bytes. */
const ARTICLE_CSS_BEFORE = 31_910;

async function fetchBody(url: string, encoding: string): Promise<number> {
  const res = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
  // fetch decodes the body, so the wire size is the Content-Length the server sent.
  const length = Number(res.headers.get('content-length'));
  await res.arrayBuffer();
  return length;
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
/** Stylesheets the head links without a media query that lets the page paint first. */
const blockingStylesheets = (html: string) =>
  [...head(html).matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].filter(([tag]) => !/\bmedia="(print|not all)"/.test(tag)).map(([tag]) => tag.match(/\bhref="([^"]+)"/)![1]);

function firstPaintCss(html: string) {
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + Buffer.byteLength(m[1]), 0);
  return { inline, linked: blockingStylesheets(html).length };
}

/** Scripts that stop the parser: classic scripts in the head with a src and neither async nor defer. */
function renderBlockingScripts(html: string) {
  const tags = [...head(html).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const classic = tags.filter(([, attrs]) => !/type="(module|application\/json)"/.test(attrs) && !/\b(async|defer)\b/.test(attrs));
  return {
    requests: classic.filter(([, attrs]) => /\bsrc=/.test(attrs)).length,
    inlineBytes: classic.filter(([, attrs]) => !/\bsrc=/.test(attrs)).reduce((sum, [, , body]) => sum + Buffer.byteLength(body), 0),
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

/** What an article page needs before it paints, brotli: its HTML and the stylesheets it links blocking. */
function firstFlight(dir: string): number {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  return brotliSize(join(dir, 'index.html')) + blockingStylesheets(html).reduce((sum, href) => sum + brotliSize(join(CLIENT, new URL(href, 'http://x').pathname)), 0);
}

build();
const server = await serve();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const rows = [];
  for (const page of PAGES) {
    const url = server.origin + page.path;
    const html = await (await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })).text();
    const [raw, gzip, brotli] = await Promise.all(['identity', 'gzip', 'br'].map((e) => fetchBody(url, e)));
    const css = firstPaintCss(html);
    const blocking = renderBlockingScripts(html);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    await tab.goto(url, { waitUntil: 'load' });
    await islandsHydrated(tab);
    await tab.waitForLoadState('networkidle');
    const transfer = await tab.evaluate(() => {
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
      const js = entries.filter((e) => /\.m?js(\?|$)/.test(e.name));
      return {
        total: entries.reduce((sum, e) => sum + e.transferSize, 0),
        requests: entries.length,
        js: js.reduce((sum, e) => sum + e.transferSize, 0),
        scripts: js.length,
      };
    });
    await context.close();

    rows.push({
      页面: page.name,
      'HTML 原始': kb(raw),
      'HTML gzip': kb(gzip),
      'HTML brotli（含内联 CSS）': kb(brotli),
      '首屏 CSS（内联）': kb(css.inline),
      '外链 CSS': css.linked,
      '阻塞渲染的 JS 请求': blocking.requests,
      '阻塞的内联脚本': `${blocking.inlineBytes} B`,
      '首次加载总传输': kb(transfer.total),
      '其中 JS': kb(transfer.js),
      脚本请求: transfer.scripts,
      请求数: transfer.requests,
    });
  }
  console.table(rows);

  const articles = join(CLIENT, 'article');
  const flights = readdirSync(articles, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => firstFlight(join(articles, entry.name)))
    .sort((a, b) => a - b);
  const middle = flights.length / 2;
  const median = flights.length % 2 ? flights[Math.floor(middle)] : (flights[middle - 1] + flights[middle]) / 2;
  const articleCss = firstPaintCss(readFileSync(join(articles, '1', 'index.html'), 'utf8')).inline;
  console.log(`全部 ${flights.length} 篇文章页的首屏（HTML + 阻塞渲染的 CSS，brotli）：中位数 ${kb(median)}，最大 ${kb(flights.at(-1)!)}`);
  console.log(`/article/1 的内联 CSS：${kb(articleCss)}，比拆分岛屿样式前的 ${kb(ARTICLE_CSS_BEFORE)} 少 ${Math.round((1 - articleCss / ARTICLE_CSS_BEFORE) * 100)}%`);
  console.log('目标：文章页首屏中位数 ≤ 10 KB、最大 ≤ 14.6 KB，阻塞渲染的 JS 为 0；/article/1 的内联 CSS 至少少 40%；');
  console.log('      /home 与 /article/1 空闲加载完成后脚本请求 ≤ 12 个、脚本传输（“其中 JS”）≤ 90 KB。');
} finally {
  await browser.close();
  server.stop();
}

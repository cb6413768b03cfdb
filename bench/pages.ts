/**
 * `npm run bench:pages`: bytes on the wire for the home page, an article and the archives.
 * HTML raw, gzip and brotli; the CSS needed for first paint; render-blocking JS; the first flight
 * (HTML plus render-blocking CSS, brotli); and what a first visit downloads in Chromium once the
 * idle islands have hydrated: every byte, and the scripts (bench/lib/pageFigures.ts).
 * Then the first flight (HTML plus render-blocking CSS, brotli) of every article page.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  articleFirstFlights,
  firstFlight,
  firstPaintCss,
  firstVisit,
  median,
  renderBlockingScripts,
} from './lib/pageFigures.ts';
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
    const transfer = await firstVisit(browser, url);
    rows.push({
      页面: page.name,
      'HTML 原始': kb(raw),
      'HTML gzip': kb(gzip),
      'HTML brotli（含内联 CSS）': kb(brotli),
      '首屏 CSS（内联）': kb(css.inline),
      '外链 CSS': css.linked,
      '阻塞渲染的 JS 请求': blocking.requests,
      阻塞的内联脚本: `${blocking.inlineBytes} B`,
      '首屏（HTML + 阻塞 CSS，brotli）': kb(firstFlight(CLIENT, join(CLIENT, page.path))),
      首次加载总传输: kb(transfer.total),
      '其中 JS': kb(transfer.js),
      脚本请求: transfer.scripts,
      请求数: transfer.requests,
    });
  }
  console.table(rows);

  const flights = articleFirstFlights(CLIENT);
  const articleCss = firstPaintCss(readFileSync(join(CLIENT, 'article', '1', 'index.html'), 'utf8')).inline;
  console.log(
    `全部 ${flights.length} 篇文章页的首屏（HTML + 阻塞渲染的 CSS，brotli）：中位数 ${kb(median(flights))}，最大 ${kb(flights.at(-1)!)}`,
  );
  console.log(
    `/article/1 的内联 CSS：${kb(articleCss)}，比拆分岛屿样式前的 ${kb(ARTICLE_CSS_BEFORE)} 少 ${Math.round((1 - articleCss / ARTICLE_CSS_BEFORE) * 100)}%`,
  );
  console.log('目标：文章页首屏中位数 ≤ 10 KB、最大 ≤ 14.6 KB，阻塞渲染的 JS 为 0；/article/1 的内联 CSS 至少少 40%；');
  console.log('      /home 与 /article/1 空闲加载完成后脚本请求 ≤ 12 个、脚本传输（“其中 JS”）≤ 90 KB。');
} finally {
  await browser.close();
  server.stop();
}

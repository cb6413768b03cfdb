/**
 * `npm run bench:pages`: bytes on the wire for the home page, an article and the archives.
 * HTML raw, gzip and brotli; the CSS needed for first paint; render-blocking JS; and every
 * byte a first visit downloads in Chromium once the idle islands have hydrated.
 */
import { chromium } from '@playwright/test';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { islandsHydrated } from '../tests/e2e/helpers.ts';
import { build, CHROMIUM, CHROMIUM_FLAGS, kb, PAGES, serve } from './lib/server.ts';

async function fetchBody(url: string, encoding: string): Promise<number> {
  const res = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
  // fetch decodes the body, so the wire size is the Content-Length the server sent.
  const length = Number(res.headers.get('content-length'));
  await res.arrayBuffer();
  return length;
}

function firstPaintCss(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + Buffer.byteLength(m[1]), 0);
  const linked = [...head.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].length;
  return { inline, linked };
}

/** Scripts that stop the parser: classic scripts in the head with a src and neither async nor defer. */
function renderBlockingScripts(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = [...head.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const classic = tags.filter(([, attrs]) => !/type="(module|application\/json)"/.test(attrs) && !/\b(async|defer)\b/.test(attrs));
  return {
    requests: classic.filter(([, attrs]) => /\bsrc=/.test(attrs)).length,
    inlineBytes: classic.filter(([, attrs]) => !/\bsrc=/.test(attrs)).reduce((sum, [, , body]) => sum + Buffer.byteLength(body), 0),
  };
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
      请求数: transfer.requests,
    });
  }
  console.table(rows);
  const articles = readdirSync('dist/client/article', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html.br'));
  const largest = Math.max(...articles.map((f) => statSync(join('dist/client/article', f)).size));
  console.log(`全部 ${articles.length} 篇文章页中最大的一页：HTML + 内联 CSS ${kb(largest)}（brotli）`);
  console.log('目标：文章页 HTML + 首屏 CSS ≤ 14.6 KB（brotli，最大的一篇也一样），阻塞渲染的 JS 为 0。');
} finally {
  await browser.close();
  server.stop();
}

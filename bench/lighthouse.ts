/**
 * `npm run bench:lighthouse`: Lighthouse's mobile preset against the local production server,
 * three runs per page, reporting the median run (by performance score).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, CHROMIUM, CHROMIUM_FLAGS, PAGES, serve } from './lib/server.ts';

const RUNS = 3;

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const median = (runs: Run[]) => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];

build();
const server = await serve();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
try {
  const rows = [];
  for (const page of PAGES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(server.origin + page.path, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
      const { categories, audits } = result!.lhr;
      runs.push({
        score: Math.round((categories.performance.score ?? 0) * 100),
        fcp: audits['first-contentful-paint'].numericValue ?? 0,
        lcp: audits['largest-contentful-paint'].numericValue ?? 0,
        tbt: audits['total-blocking-time'].numericValue ?? 0,
        cls: audits['cumulative-layout-shift'].numericValue ?? 0,
      });
    }
    const m = median(runs);
    rows.push({
      页面: page.name,
      性能分: m.score,
      '各次得分': runs.map((r) => r.score).join(' / '),
      FCP: `${(m.fcp / 1000).toFixed(2)} s`,
      LCP: `${(m.lcp / 1000).toFixed(2)} s`,
      TBT: `${Math.round(m.tbt)} ms`,
      CLS: m.cls.toFixed(3),
    });
  }
  console.table(rows);
} finally {
  chrome.kill();
  server.stop();
}

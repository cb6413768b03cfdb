/**
 * `npm run bench:lighthouse`: Lighthouse's mobile preset against the local production server,
 * three runs per page, reporting the median run (by performance score, then Total Blocking Time)
 * with its accessibility score, then what kept the main thread busy in each page's median run:
 * its long tasks (start, duration, script), its time by kind of work and by script
 * (bench/lib/longTasks.ts). Each page is measured again with every script removed
 * (bench/lib/scriptFree.ts): the floor that HTML, CSS and fonts set on this machine, printed beside
 * the page as it is, with the difference, which is what our scripts cost. Chinese must be drawn in a
 * CJK font (fonts-noto-cjk), as on a phone: without one the figures are of another layout.
 *
 * `npm run bench:a11y` (this script with `--a11y`): the accessibility category alone, once per
 * route, over every route of the sitemap plus /login, /userCenter, /message/publish and /link/apply (logged in), in the light
 * and the dark theme; it prints every route below 100 with the audits that failed. Paths after
 * the flag narrow it to those pages.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Theme } from '../src/lib/browser/theme.ts';
import { chooseTheme, failingAudits, logIn, sitemapPaths, type Failure } from './lib/accessibility.ts';
import { mainThread, type MainThread } from './lib/longTasks.ts';
import { build, CHROMIUM, CHROMIUM_FLAGS, PAGES, serve } from './lib/server.ts';
import { SCRIPT_FREE_HEADER, scriptFreeProxy } from './lib/scriptFree.ts';

const RUNS = 3;
/** Runs Lighthouse could not record (a broken trace) are run again, this many times at most per page. */
const RETRIES = 2;
const THEMES: Theme[] = ['light', 'dark'];
/** The pages the sweep audits logged in, after every other: the header then has the bell too. */
const READER_ONLY = ['/userCenter', '/message/publish', '/link/apply'];

interface Run {
  score: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  mainThread: MainThread;
}

/** The middle run by score, and among runs of one score by Total Blocking Time: with equal scores, the run of the median TBT. */
const median = (runs: Run[]) =>
  [...runs].sort((a, b) => a.score - b.score || b.tbt - a.tbt)[Math.floor(runs.length / 2)];
const percent = (score: number | null) => Math.round((score ?? 0) * 100);

/** RUNS recorded runs of one page; `scriptFree` asks the proxy for the page without its scripts. */
async function runsOf(url: string, port: number, scriptFree: boolean, failed: string[], name: string): Promise<Run[]> {
  const runs: Run[] = [];
  const flags: Flags = {
    port,
    onlyCategories: ['performance', 'accessibility'],
    logLevel: 'error',
    ...(scriptFree ? { extraHeaders: { [SCRIPT_FREE_HEADER]: '1' } } : {}),
  };
  for (let attempt = 1; runs.length < RUNS && attempt <= RUNS + RETRIES; attempt++) {
    const result = await lighthouse(url, flags);
    const { categories, audits, runtimeError, runWarnings } = result!.lhr;
    if (runtimeError) {
      // Lighthouse itself asks for another run: this one measured nothing, so it is not one of the three.
      failed.push(`${name} 第 ${attempt} 次：${runtimeError.code} ${runtimeError.message}（已另跑一次）`);
      continue;
    }
    if (!categories.performance.score)
      failed.push(`${name} 第 ${attempt} 次：${runWarnings.join('；') || '性能分为 0'}`);
    runs.push({
      score: percent(categories.performance.score),
      accessibility: percent(categories.accessibility.score),
      fcp: audits['first-contentful-paint'].numericValue ?? 0,
      lcp: audits['largest-contentful-paint'].numericValue ?? 0,
      tbt: audits['total-blocking-time'].numericValue ?? 0,
      cls: audits['cumulative-layout-shift'].numericValue ?? 0,
      mainThread: mainThread(result!.lhr),
    });
  }
  return runs;
}

async function measurePerformance(origin: string, port: number) {
  const rows = [];
  const floors = [];
  const busy: { page: string; mainThread: MainThread }[] = [];
  /** Runs Lighthouse could not measure, and why: run again, or scoring 0, so that none is read as a slow page. */
  const failed: string[] = [];
  for (const page of PAGES) {
    const runs = await runsOf(origin + page.path, port, false, failed, page.name);
    const bare = await runsOf(origin + page.path, port, true, failed, `${page.name}（无脚本）`);
    const m = median(runs);
    const floor = median(bare);
    rows.push({
      页面: page.name,
      性能分: m.score,
      各次得分: runs.map((r) => r.score).join(' / '),
      '各次 TBT': runs.map((r) => Math.round(r.tbt)).join(' / '),
      无障碍: m.accessibility,
      FCP: `${(m.fcp / 1000).toFixed(2)} s`,
      LCP: `${(m.lcp / 1000).toFixed(2)} s`,
      TBT: `${Math.round(m.tbt)} ms`,
      CLS: m.cls.toFixed(3),
    });
    floors.push({
      页面: page.name,
      '有脚本：分 / TBT': `${m.score} / ${Math.round(m.tbt)} ms`,
      '去掉所有脚本：分 / TBT': `${floor.score} / ${Math.round(floor.tbt)} ms`,
      '无脚本各次 TBT': bare.map((r) => Math.round(r.tbt)).join(' / '),
      '脚本多出的 TBT': `${Math.round(m.tbt - floor.tbt)} ms`,
    });
    busy.push({ page: page.name, mainThread: m.mainThread });
  }
  console.table(rows);
  console.log('\n同一页面去掉所有脚本（HTML、CSS 和字体定下的底线），和有脚本时的差（中位数）：');
  console.table(floors);
  if (failed.length > 0) console.log(`Lighthouse 没能测量的几次：\n  ${failed.join('\n  ')}`);
  console.log('\n中位数那次的主线程（模拟 4 倍降速后的时长）：');
  for (const { page, mainThread: thread } of busy) {
    console.log(`\n${page}`);
    const tasks = thread.longTasks.map((task) => `${task.start} ms 起 ${task.duration} ms ${task.what}`);
    console.log(`  长任务（≥ 50 ms）：${tasks.length ? `\n    ${tasks.join('\n    ')}` : '无'}`);
    console.log(`  按工作：${thread.work}`);
    console.log(`  按脚本：${thread.scripts}`);
  }
}

interface Audit {
  theme: Theme;
  path: string;
  score: number;
  failures: Failure[];
}

async function sweepAccessibility(origin: string, port: number) {
  const started = Date.now();
  // Storage is kept between pages: it holds the theme, and for /userCenter the login.
  const flags: Flags = {
    port,
    onlyCategories: ['accessibility'],
    logLevel: 'error',
    disableStorageReset: true,
    disableFullPageScreenshot: true,
  };
  const audit = async (theme: Theme, path: string): Promise<Audit> => {
    const { lhr } = (await lighthouse(origin + path, flags))!;
    const score = percent(lhr.categories.accessibility.score);
    // Progress on stderr: the sweep takes a while, and stdout keeps only the findings.
    process.stderr.write(`${String(score).padStart(3)}  ${theme}  ${path}\n`);
    return { theme, path, score, failures: failingAudits(lhr) };
  };
  // Paths given on the command line narrow the sweep to them, e.g. `npm run bench:a11y -- /talk /userCenter`.
  const only = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  const all = [...(await sitemapPaths(origin)), '/login', ...READER_ONLY];
  const routes = only.length > 0 ? only : all;
  const results: Audit[] = [];
  for (const theme of THEMES) {
    await chooseTheme(port, origin, theme);
    for (const path of routes.filter((route) => !READER_ONLY.includes(route))) results.push(await audit(theme, path));
  }
  const loggedIn = READER_ONLY.filter((route) => routes.includes(route));
  if (loggedIn.length > 0) {
    await logIn(port, origin);
    for (const theme of THEMES) {
      await chooseTheme(port, origin, theme);
      for (const path of loggedIn) results.push(await audit(theme, path));
    }
  }

  const below = results.filter((r) => r.score < 100);
  for (const r of below) {
    console.log(`\n${r.path}（${r.theme === 'light' ? '浅色' : '深色'}）：${r.score}`);
    for (const f of r.failures) console.log(`  ${f.id}：${f.title}\n    ${f.nodes.join('\n    ')}`);
  }
  console.table(
    THEMES.map((theme) => {
      const mine = results.filter((r) => r.theme === theme);
      return {
        主题: theme,
        页面数: mine.length,
        '100 分': mine.filter((r) => r.score === 100).length,
        最低分: Math.min(...mine.map((r) => r.score)),
      };
    }),
  );
  console.log(`共 ${results.length} 次检查，用时 ${Math.round((Date.now() - started) / 1000)} s`);
  if (below.length > 0) process.exitCode = 1;
}

build();
const a11y = process.argv.includes('--a11y');
// The sweep registers a reader: it gets a database of its own, never the owner's.
const server = await serve(
  a11y ? { DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), 'blog-bench-a11y-')), 'blog.db')}` } : {},
);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
// The performance runs, with and without scripts alike, go through the proxy that can take the scripts out.
const proxy = a11y ? null : await scriptFreeProxy(server.origin);
try {
  await (a11y ? sweepAccessibility(server.origin, chrome.port) : measurePerformance(proxy!.origin, chrome.port));
} finally {
  chrome.kill();
  proxy?.server.close();
  server.stop();
}

/**
 * `npm run bench:music`: in Chromium against the local server,
 * - the time from a click on a song to the audio's `playing` event, median of 10;
 * - what the player costs on first load: its markup in the HTML, and the script it loads at idle.
 */
import { chromium } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, CHROMIUM, CHROMIUM_FLAGS, kb, serve } from './lib/server.ts';
import { median } from './lib/stats.ts';

const RUNS = 10;

build();
const data = mkdtempSync(join(tmpdir(), 'blog-bench-music-'));
const server = await serve({ MUSIC_DIR: join(data, 'music'), DATABASE_URL: `file:${join(data, 'blog.db')}` });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
});
try {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/home`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => !document.querySelector('astro-island[component-export="Player"][ssr]'));
  const cost = await page.evaluate(() => {
    const island = document.querySelector('astro-island[component-export="Player"]');
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    // The player and the toasts share `persistent`; what the islands share (the disc among it) is in `islands`.
    const player = resources.filter((r) => /\/_astro\/(persistent|islands)\./.test(r.name));
    return {
      markup: island ? new Blob([island.outerHTML]).size : 0,
      scripts: player.map((r) => ({ name: r.name.split('/').pop()!, bytes: r.transferSize })),
    };
  });

  await page.getByRole('button', { name: /打开播放器$/ }).click();
  const rows = page.getByRole('table', { name: '歌单歌曲' }).locator('tbody tr');
  await rows.first().waitFor();
  const count = Math.min(RUNS, await rows.count());
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const row = rows.nth(i % count);
    const name = (await row.locator('td').first().innerText()).trim();
    const waiting = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const el = document.querySelector('[data-testid="player-audio"]') as HTMLAudioElement;
          const started = performance.now();
          (window as unknown as { clickAt: number }).clickAt = started;
          el.addEventListener('playing', () => resolve(performance.now()), { once: true });
        }),
    );
    await page.evaluate(() => (document.querySelector('[data-testid="player-audio"]') as HTMLAudioElement).pause());
    const clickAt = await page.evaluate(() => performance.now());
    await row.getByRole('button', { name, exact: true }).click();
    times.push((await waiting) - clickAt);
  }
  console.table([
    {
      指标: '点击歌曲到 playing（中位数）',
      数值: `${median(times).toFixed(0)} ms`,
      明细: times.map((t) => t.toFixed(0)).join(' / '),
    },
  ]);
  console.table([
    { 项目: '播放器在 HTML 中的标记', 大小: kb(cost.markup) },
    ...cost.scripts.map((s) => ({ 项目: `空闲时加载：${s.name}`, 大小: kb(s.bytes) })),
    { 项目: '播放器脚本合计（空闲时加载，不阻塞首屏）', 大小: kb(cost.scripts.reduce((n, s) => n + s.bytes, 0)) },
  ]);
} finally {
  await browser.close();
  server.stop();
}

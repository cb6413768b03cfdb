import { mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeWav } from '../../src/server/music/demo/wav';
import { expect, test } from './fixtures';
import { islandsHydrated } from './helpers';
import {
  audioState,
  chooseMode,
  listedSongs,
  musicDir,
  nowPlaying,
  openPanel,
  openPlaylist,
  panelOf,
  playSongNamed,
  songRows,
} from './music-helpers';
import type { APIRequestContext } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/home');
  await islandsHydrated(page);
});

test('scrolling to the end of a long playlist loads its second page of 30', async ({ page, request }) => {
  const { list } = await (await request.get('/wapi/toplist/detail')).json();
  const long = list.find((p: { trackCount: number }) => p.trackCount > 30);
  expect(long, 'the demo library has a playlist of more than 30 songs').toBeTruthy();
  const pages: { id: string | null; limit: string | null; offset: string | null }[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/wapi/playlist/track/all')
      pages.push({
        id: url.searchParams.get('id'),
        limit: url.searchParams.get('limit'),
        offset: url.searchParams.get('offset'),
      });
  });

  await openPanel(page);
  await openPlaylist(page, long.name);
  await expect(songRows(page)).toHaveCount(30);
  expect(pages.filter((p) => p.id === String(long.id)).map((p) => p.offset)).toEqual(['0']);

  // The reader scrolls the song table with the wheel until its end comes into view.
  await songRows(page).nth(5).hover();
  await expect(async () => {
    await page.mouse.wheel(0, 600);
    await expect(songRows(page)).toHaveCount(long.trackCount, { timeout: 500 });
  }).toPass();
  await expect(panelOf(page).getByText('已经到底了')).toBeVisible();
  expect(pages.filter((p) => p.id === String(long.id))).toEqual([
    { id: String(long.id), limit: '30', offset: '0' },
    { id: String(long.id), limit: '30', offset: '30' },
  ]);
  // The second page's songs play like the first's.
  const songs = await listedSongs(page);
  await playSongNamed(page, songs.at(-1)!);
});

test('a long playlist playing in list-loop grows as its next page loads, so next reaches the songs loaded since', async ({
  page,
  request,
}) => {
  const { list } = await (await request.get('/wapi/toplist/detail')).json();
  const long = list.find((p: { trackCount: number }) => p.trackCount > 30);
  await openPanel(page);
  await openPlaylist(page, long.name);
  await expect(songRows(page)).toHaveCount(30);
  await chooseMode(page, 'LISTLOOP');
  const firstPage = await listedSongs(page);
  // The second page waits until the last song of the first is playing, so the list playing starts at 30.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/wapi\/playlist\/track\/all\?.*offset=30/, async (route) => {
    await held;
    await route.continue();
  });
  await playSongNamed(page, firstPage[29]);
  release();

  await songRows(page).nth(5).hover();
  await expect(async () => {
    await page.mouse.wheel(0, 600);
    await expect(songRows(page)).toHaveCount(long.trackCount, { timeout: 500 });
  }).toPass();
  const songs = await listedSongs(page);
  await panelOf(page).getByRole('button', { name: '下一首', exact: true }).click();
  await expect(nowPlaying(page)).toHaveText(songs[30]);
});

test('a song chosen while the network is down says so in Chinese, and plays once it is back', async ({
  page,
  problems,
}) => {
  problems.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  await openPanel(page);
  const songs = await listedSongs(page);
  const before = await nowPlaying(page).innerText();
  await page.route('**/wapi/song/url/**', (route) => route.abort('internetdisconnected'));
  await songRows(page).getByRole('button', { name: songs[1], exact: true }).click();
  const notice = page.getByRole('status').locator('[data-kind]').filter({ hasText: '播放失败' });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('网络连接失败，请检查网络');
  await expect(nowPlaying(page)).toHaveText(before);
  await page.unroute('**/wapi/song/url/**');
  await playSongNamed(page, songs[1]);
});

// A playlist of this test's own: its name sorts after the demo's, so the default stays the same.
const FOLDER = '最后一站';
const tone = (title: string) =>
  encodeWav(
    new Float32Array(16_000 * 3).map((_, i) => Math.sin(i / 6) * 0.3),
    16_000,
    { title, artist: '测试乐手', album: FOLDER },
  );

async function songId(request: APIRequestContext, title: string): Promise<number | null> {
  const { list } = await (await request.get('/wapi/toplist/detail')).json();
  const playlist = list.find((p: { name: string }) => p.name === FOLDER);
  if (!playlist) return null;
  const { songs } = await (await request.get(`/wapi/playlist/track/all?id=${playlist.id}`)).json();
  // Re-indexed between the two calls, the playlist's id may be gone: not there yet, ask again.
  if (!Array.isArray(songs)) return null;
  return songs.find((s: { name: string }) => s.name === title)?.id ?? null;
}

test.describe('a song whose file is missing', () => {
  const folder = join(musicDir(), FOLDER);
  test.beforeEach(async ({ request }) => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, '01-会消失的歌.wav'), tone('会消失的歌'));
    writeFileSync(join(folder, '02-后来消失的歌.wav'), tone('后来消失的歌'));
    // The library re-indexes shortly after a change.
    await expect.poll(() => songId(request, '后来消失的歌'), { timeout: 15_000 }).not.toBeNull();
  });
  test.afterEach(() => rmSync(folder, { recursive: true, force: true }));

  test('chosen from a list loaded before the file went, tells the reader it cannot be played', async ({
    page,
    request,
  }) => {
    await openPanel(page);
    await openPlaylist(page, FOLDER);
    const before = await nowPlaying(page).innerText();
    unlinkSync(join(folder, '01-会消失的歌.wav'));
    await expect.poll(() => songId(request, '会消失的歌')).toBeNull();

    await songRows(page).getByRole('button', { name: '会消失的歌', exact: true }).click();
    const notice = page.getByRole('status').locator('[data-kind]').filter({ hasText: '播放失败' });
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('歌曲不存在');
    await expect(nowPlaying(page)).toHaveText(before);
    expect((await audioState(page)).paused).toBe(true);
  });

  test('restored after a reload, tells the reader why it cannot be played when play is pressed', async ({
    page,
    request,
  }) => {
    await openPanel(page);
    await openPlaylist(page, FOLDER);
    await playSongNamed(page, '后来消失的歌');
    await panelOf(page).getByTestId('player-toggle').click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.getByRole('button', { name: '收起播放器' }).click();
    unlinkSync(join(folder, '02-后来消失的歌.wav'));
    await expect.poll(() => songId(request, '后来消失的歌')).toBeNull();

    await page.reload();
    await islandsHydrated(page);
    await expect(page.getByTestId('disc-name')).toHaveText('后来消失的歌');
    await page.getByTestId('disc-toggle').click();
    const notice = page.getByRole('status').locator('[data-kind]').filter({ hasText: '播放失败' });
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('这首歌播放不了：音频无法访问或格式不受支持');
    await expect(page.getByTestId('disc-toggle')).toHaveAccessibleName('播放');
    expect((await audioState(page)).paused).toBe(true);
  });
});

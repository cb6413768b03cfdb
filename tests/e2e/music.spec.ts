import { expect, test } from './fixtures';
import { islandsHydrated } from './helpers';
import { audio, audioState, openPanel, playFirstSong, sameAudioStillPlaying, watchAudio } from './music-helpers';

test.beforeEach(async ({ page }) => {
  await page.goto('/home');
  await islandsHydrated(page);
});

test('music keeps playing through navigation by header and in-page links', async ({ page }) => {
  await expect(audio(page)).toHaveAttribute('preload', 'none');
  const name = await playFirstSong(page);
  await page.getByRole('button', { name: '收起播放器' }).click();
  await expect(page.getByTestId('disc-name')).toHaveText(name);
  await watchAudio(page);

  let last = (await sameAudioStillPlaying(page)).time;
  const steps: [string, () => Promise<void>][] = [
    ['时间轴', () => page.locator('#site-header nav.menu').getByRole('link', { name: '时间轴', exact: true }).click()],
    ['文章', () => page.locator('.timeline a').first().click()],
    ['标签', () => page.locator('.article .meta a.chip').nth(1).click()],
    ['分类', () => page.locator('#site-header nav.menu').getByRole('link', { name: '分类', exact: true }).click()],
    ['某个分类', () => page.locator('main a.card').first().click()],
    ['首页', () => page.locator('#site-header nav.menu').getByRole('link', { name: '首页', exact: true }).click()],
    ['第二页', () => page.locator('.pagination a[rel="next"]').click()],
  ];
  for (const [label, go] of steps) {
    const before = page.url();
    await go();
    await expect.poll(() => page.url(), { message: label }).not.toBe(before);
    await page.waitForTimeout(300);
    const now = await sameAudioStillPlaying(page);
    expect(now, label).toMatchObject({ same: true, paused: false, pauses: 0 });
    expect(now.time, label).toBeGreaterThan(last);
    last = now.time;
  }
});

test('a reload brings back the same song and position, paused until play', async ({ page }) => {
  const name = await playFirstSong(page);
  await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(2);
  const before = await audioState(page);
  await page.waitForTimeout(1200); // the store saves about once a second
  await page.reload();
  await islandsHydrated(page);
  await expect(page.getByTestId('disc-name')).toHaveText(name);
  const restored = await audioState(page);
  expect(restored.paused).toBe(true);
  expect(restored.src).toBe(before.src);

  await page.getByTestId('disc-toggle').click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  await expect.poll(async () => (await audioState(page)).time).toBeGreaterThanOrEqual(before.time - 0.5);
});

test('the lyric board highlights the current line as it plays, and a click seeks there', async ({ page }) => {
  await playFirstSong(page);
  await page.getByRole('button', { name: '打开歌词' }).click();
  const lines = page.getByTestId('lyric-lines').locator('li');
  await expect(lines.first()).toBeVisible();
  const currentIndex = () =>
    lines.evaluateAll((items) => items.findIndex((li) => li.getAttribute('aria-current') === 'true'));
  const first = await currentIndex();
  await expect.poll(currentIndex, { timeout: 15_000 }).toBeGreaterThan(first);

  const target = 4;
  await lines.nth(target).getByRole('button').click();
  await expect.poll(currentIndex).toBeGreaterThanOrEqual(target);
  const time = (await audioState(page)).time;
  const lineMs = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('blogMusicPlayer') ?? '{}').musicInfo?.lyricTimeList as number[],
  );
  expect(time).toBeGreaterThanOrEqual(lineMs[target] / 1000 - 0.05);
  expect(time).toBeLessThan(lineMs[target] / 1000 + 2);
  expect((await audioState(page)).paused).toBe(false);
});

test('search an artist, add to my list with a toast, play from it, and empty it back to TOP', async ({
  page,
  request,
}) => {
  const lists = await (await request.get('/wapi/toplist/detail')).json();
  const songs = await (await request.get(`/wapi/playlist/track/all?id=${lists.list[0].id}&limit=30&offset=0`)).json();
  const artist = songs.songs.find((s: { ar: { name: string }[] }) => s.ar[0].name).ar[0].name;

  const panel = await openPanel(page);
  await panel.getByRole('textbox', { name: '搜索歌手' }).fill(artist);
  await panel.getByRole('textbox', { name: '搜索歌手' }).press('Enter');
  const results = panel.getByRole('table', { name: '搜索结果' }).locator('tbody tr');
  await expect(results.first()).toBeVisible();
  await expect(panel.getByText(/加载更多|已经到底了/)).toBeVisible();

  const songName = (await results.first().locator('td').first().innerText()).trim();
  await results
    .first()
    .getByRole('button', { name: `把 ${songName} 添加到我的列表` })
    .click();
  await expect(page.getByRole('status')).toContainText('添加成功');
  await results
    .first()
    .getByRole('button', { name: `${songName} 已在我的列表` })
    .click();

  const listButton = panel.getByRole('button', { name: '我的列表', exact: true });
  await expect(listButton).toHaveAttribute('data-play-type', 'CUSTOM');
  await listButton.click();
  const myList = panel.getByRole('region', { name: '我的列表' });
  await expect(myList.getByRole('listitem')).toHaveCount(1);
  await myList.getByRole('button', { name: songName, exact: true }).click();
  await expect(panel.getByTestId('now-playing')).toHaveText(songName);
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);

  await myList.getByRole('button', { name: `从我的列表删除 ${songName}` }).click();
  await expect(page.getByRole('status')).toContainText('删除成功');
  await expect(myList.getByText('还没有添加歌曲')).toBeVisible();
  await expect(listButton).toHaveAttribute('data-play-type', 'TOP');
});

test('the player opens the fourth playlist, where a song without an artist shows 歌手走丢了', async ({
  page,
  request,
}) => {
  const { list } = await (await request.get('/wapi/toplist/detail')).json();
  expect(list.length).toBeGreaterThanOrEqual(4);
  const { songs } = await (await request.get(`/wapi/playlist/track/all?id=${list[3].id}&limit=30&offset=0`)).json();
  const lonely = songs.find((s: { ar: { name: string }[] }) => s.ar[0].name === '');
  expect(lonely.ar).toEqual([{ id: 0, name: '' }]);

  const panel = await openPanel(page);
  const rows = panel.getByRole('table', { name: '歌单歌曲' }).locator('tbody tr');
  await expect(rows).toHaveCount(songs.length);
  await expect(rows.filter({ hasText: lonely.name })).toContainText('歌手走丢了');
});

test('the mode toggle cycles and the volume slider sets the audio volume', async ({ page }) => {
  const panel = await openPanel(page);
  const mode = panel.getByRole('button', { name: /^播放模式/ });
  const seen = [];
  for (let i = 0; i < 4; i++) {
    seen.push(await mode.getAttribute('data-mode'));
    await mode.click();
  }
  expect(seen).toEqual(['RANDOM', 'LISTLOOP', 'SINGLECYCLE', 'RANDOM']);

  expect((await audioState(page)).volume).toBe(0.5);
  await panel.getByRole('button', { name: '音量', exact: true }).click();
  await panel.getByRole('slider', { name: '音量大小' }).fill('30');
  await expect.poll(async () => (await audioState(page)).volume).toBe(0.3);
});

import { expect, test } from './fixtures';
import { islandsHydrated } from './helpers';
import {
  audio,
  audioState,
  chooseMode,
  listedSongs,
  nowPlaying,
  openPanel,
  panelOf,
  playSongNamed,
} from './music-helpers';
import type { Page } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/home');
  await islandsHydrated(page);
});

/** Jumps close to the end of the song and waits for the element's `ended`. */
async function playToTheEnd(page: Page) {
  await audio(page).evaluate(async (el: HTMLAudioElement) => {
    const ended = new Promise((resolve) => el.addEventListener('ended', resolve, { once: true }));
    el.currentTime = Math.max(0, el.duration - 0.4);
    await ended;
  });
}

/** The song is running again from near its start. */
async function playingFromTheStart(page: Page) {
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(0);
  expect((await audioState(page)).time).toBeLessThan(5);
}

test('on a first visit, the disc’s play button plays the category the panel opens on', async ({ page }) => {
  await page.getByTestId('disc-toggle').click();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.3);
  await expect(page.getByTestId('disc-toggle')).toHaveAccessibleName('暂停');
  const playing = (await page.getByTestId('disc-name').innerText()).trim();
  await openPanel(page);
  const songs = await listedSongs(page);
  expect(playing).toBe(songs[0]);
  await expect(nowPlaying(page)).toHaveText(songs[0]);
});

test('with nothing chosen yet, next starts the open category', async ({ page }) => {
  await openPanel(page);
  const [first] = await listedSongs(page);
  await panelOf(page).getByRole('button', { name: '下一首', exact: true }).click();
  await expect(nowPlaying(page)).toHaveText(first);
  await playingFromTheStart(page);
});

test('next and previous follow the list in list-loop mode, wrapping at both ends', async ({ page }) => {
  await openPanel(page);
  await chooseMode(page, 'LISTLOOP');
  const songs = await listedSongs(page);
  expect(songs.length).toBeGreaterThanOrEqual(3);
  await playSongNamed(page, songs[0]);
  const panel = panelOf(page);
  const first = (await audioState(page)).src;

  await panel.getByRole('button', { name: '下一首', exact: true }).click();
  await expect(nowPlaying(page)).toHaveText(songs[1]);
  await playingFromTheStart(page);
  expect((await audioState(page)).src).not.toBe(first);

  await panel.getByRole('button', { name: '上一首', exact: true }).click();
  await expect(nowPlaying(page)).toHaveText(songs[0]);
  await panel.getByRole('button', { name: '上一首', exact: true }).click();
  await expect(nowPlaying(page)).toHaveText(songs.at(-1)!);
  await panel.getByRole('button', { name: '下一首', exact: true }).click();
  await expect(nowPlaying(page)).toHaveText(songs[0]);
  await playingFromTheStart(page);
  expect((await audioState(page)).src).toBe(first);
});

test('in single-cycle mode, next starts the same song over', async ({ page }) => {
  await openPanel(page);
  await chooseMode(page, 'SINGLECYCLE');
  const [song] = await listedSongs(page);
  await playSongNamed(page, song);
  const before = await audioState(page);
  await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(2);

  await panelOf(page).getByRole('button', { name: '下一首', exact: true }).click();
  await expect.poll(async () => (await audioState(page)).time).toBeLessThan(2);
  await expect(nowPlaying(page)).toHaveText(song);
  expect((await audioState(page)).src).toBe(before.src);
  await playingFromTheStart(page);
});

test('a song that ends is followed by the next one in list-loop mode', async ({ page }) => {
  await openPanel(page);
  await chooseMode(page, 'LISTLOOP');
  const songs = await listedSongs(page);
  await playSongNamed(page, songs.at(-1)!);
  await playToTheEnd(page);
  // The last song wraps round to the first.
  await expect(nowPlaying(page)).toHaveText(songs[0]);
  await playingFromTheStart(page);
});

test('a song that ends starts over in single-cycle mode', async ({ page }) => {
  await openPanel(page);
  await chooseMode(page, 'SINGLECYCLE');
  const [song] = await listedSongs(page);
  await playSongNamed(page, song);
  const before = await audioState(page);
  await playToTheEnd(page);
  await playingFromTheStart(page);
  await expect(nowPlaying(page)).toHaveText(song);
  expect((await audioState(page)).src).toBe(before.src);
});

test('a song that ends is followed by another song of the list in random mode', async ({ page }) => {
  await openPanel(page);
  await chooseMode(page, 'RANDOM');
  const songs = await listedSongs(page);
  await playSongNamed(page, songs[1]);
  for (let round = 0; round < 3; round++) {
    const before = (await nowPlaying(page).innerText()).trim();
    await playToTheEnd(page);
    await expect(nowPlaying(page)).not.toHaveText(before);
    expect(songs).toContain((await nowPlaying(page).innerText()).trim());
    await playingFromTheStart(page);
  }
});

test('the progress bar seeks where it is clicked and where it is dragged to', async ({ page }) => {
  await openPanel(page);
  const [song] = await listedSongs(page);
  await playSongNamed(page, song);
  const slider = panelOf(page).getByRole('slider', { name: '播放进度' });
  await expect.poll(async () => (await audioState(page)).duration).toBeGreaterThan(10);
  const { duration, time: start } = await audioState(page);
  expect(start).toBeLessThan(3);
  const box = (await slider.boundingBox())!;
  const at = (fraction: number) => ({ x: box.x + box.width * fraction, y: box.y + box.height / 2 });
  // Playing on by itself could not get this far in the seconds a seek is given, nor ever go back.
  const timeWithin = async (low: number, high: number) => {
    await expect.poll(async () => (await audioState(page)).time / duration, { timeout: 3000 }).toBeGreaterThan(low);
    expect((await audioState(page)).time / duration).toBeLessThan(high);
  };

  await page.mouse.click(at(0.75).x, at(0.75).y);
  await timeWithin(0.7, 0.85);
  expect(Number(await slider.inputValue())).toBeGreaterThan(70);

  // Paused, a drag back still moves the song, and playback resumes from there.
  await panelOf(page).getByTestId('player-toggle').click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await page.mouse.move(at(0.75).x, at(0.75).y);
  await page.mouse.down();
  await page.mouse.move(at(0.5).x, at(0.5).y, { steps: 5 });
  await page.mouse.move(at(0.25).x, at(0.25).y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await audioState(page)).time / duration).toBeLessThan(0.3);
  expect((await audioState(page)).time / duration).toBeGreaterThan(0.2);
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  await expect(slider).toHaveAttribute('aria-valuetext', /^\d+:\d\d \/ \d+:\d\d$/);
});

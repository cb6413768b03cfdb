import { expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import type { PlayModel } from '../../src/lib/browser/player';

export const audio = (page: Page) => page.getByTestId('player-audio');
export const panelOf = (page: Page) => page.getByTestId('player-panel');
export const songRows = (page: Page) => panelOf(page).getByRole('table', { name: '歌单歌曲' }).locator('tbody tr');
export const nowPlaying = (page: Page) => page.getByTestId('now-playing');

/** The server's music library for this run (playwright.config.ts passes its data folder down). */
export const musicDir = () => join(process.env.E2E_DATA_DIR!, 'music');

export async function audioState(page: Page) {
  return audio(page).evaluate((el: HTMLAudioElement) => ({
    paused: el.paused,
    time: el.currentTime,
    duration: el.duration,
    src: el.currentSrc,
    volume: el.volume,
  }));
}

/** Opens the panel from the disc and waits for the default playlist's songs. */
export async function openPanel(page: Page) {
  await page.getByRole('button', { name: /打开播放器$/ }).click();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  await expect(songRows(page).first()).toBeVisible();
  return panel;
}

/** Opens a playlist by its name and waits for its first page. */
export async function openPlaylist(page: Page, name: string) {
  const panel = panelOf(page);
  const cover = panel.getByRole('list', { name: '歌单' }).getByRole('button', { name, exact: true });
  await cover.click();
  await expect(cover).toHaveAttribute('aria-pressed', 'true');
  await expect(songRows(page).first()).toBeVisible();
}

/** The names in the open song table, in order. */
export async function listedSongs(page: Page): Promise<string[]> {
  return songRows(page).evaluateAll((rows) => rows.map((row) => row.querySelector('td')!.textContent!.trim()));
}

/** Plays a song of the open table by its name and waits until the audio is really running. */
export async function playSongNamed(page: Page, name: string) {
  await songRows(page).getByRole('button', { name, exact: true }).click();
  await expect(nowPlaying(page)).toHaveText(name);
  await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.3);
}

/** Plays the first song of the open playlist and waits until the audio is really running. */
export async function playFirstSong(page: Page) {
  await openPanel(page);
  const name = (await songRows(page).first().locator('td').first().innerText()).trim();
  await playSongNamed(page, name);
  return name;
}

/** Clicks the mode button until it shows the mode asked for. */
export async function chooseMode(page: Page, mode: PlayModel) {
  const button = panelOf(page).getByRole('button', { name: /^播放模式/ });
  for (let i = 0; i < 3 && (await button.getAttribute('data-mode')) !== mode; i++) await button.click();
  await expect(button).toHaveAttribute('data-mode', mode);
}

/** Counts pause events and remembers the element, to prove the same audio never stopped. */
export async function watchAudio(page: Page) {
  await audio(page).evaluate((el: HTMLAudioElement) => {
    const w = window as unknown as { watched: HTMLAudioElement; pauses: number };
    w.watched = el;
    w.pauses = 0;
    el.addEventListener('pause', () => w.pauses++);
  });
}

export async function sameAudioStillPlaying(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { watched: HTMLAudioElement; pauses: number };
    const el = document.querySelector('[data-testid="player-audio"]') as HTMLAudioElement;
    return { same: el === w.watched, paused: el.paused, pauses: w.pauses, time: el.currentTime };
  });
}

import { expect, type Page } from '@playwright/test';

export const audio = (page: Page) => page.getByTestId('player-audio');

export async function audioState(page: Page) {
  return audio(page).evaluate((el: HTMLAudioElement) => ({ paused: el.paused, time: el.currentTime, src: el.currentSrc, volume: el.volume }));
}

/** Opens the panel from the disc and waits for the default playlist's songs. */
export async function openPanel(page: Page) {
  await page.getByRole('button', { name: /^打开播放器/ }).click();
  const panel = page.getByTestId('player-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('table', { name: '歌单歌曲' }).locator('tbody tr').first()).toBeVisible();
  return panel;
}

/** Plays the first song of the open playlist and waits until the audio is really running. */
export async function playFirstSong(page: Page) {
  const panel = await openPanel(page);
  const first = panel.getByRole('table', { name: '歌单歌曲' }).locator('tbody tr').first();
  const name = (await first.locator('td').first().innerText()).trim();
  await first.getByRole('button', { name, exact: true }).click();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.3);
  return name;
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

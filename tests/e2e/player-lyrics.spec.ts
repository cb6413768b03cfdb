import { expect, test } from './fixtures';
import { islandsHydrated } from './helpers';
import { audioState, chooseMode, listedSongs, openPanel, playSongNamed } from './music-helpers';

interface LineState {
  shown: string | null;
  text: string;
  duration: string;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/home');
  await islandsHydrated(page);
});

test('the special lyric board: lines fade in and out, brightness steps of 0.1 within bounds, the title fades out and back on pause', async ({
  page,
}) => {
  // Single cycle keeps the same song (and title) however long the test takes.
  await openPanel(page);
  await chooseMode(page, 'SINGLECYCLE');
  const [name] = await listedSongs(page);
  await playSongNamed(page, name);
  await page.getByRole('button', { name: '打开歌词' }).click();
  const board = page.getByRole('dialog', { name: '歌词' });
  await board.getByRole('button', { name: '特殊', exact: true }).click();
  await expect(board.getByRole('button', { name: '特殊', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // The current line fades in over 1.2 s and, these lines lasting 2 s or more, out over 0.3 s before
  // the next. The fade-out is a few hundred milliseconds, so a recorder in the page notes every change.
  const line = board.getByTestId('special-line');
  // The player saves its state at most once a second, so the song's lyrics may not be stored yet.
  const storedLyrics = () =>
    page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('blogMusicPlayer') ?? '{}').musicInfo?.lyricList ?? []) as string[],
    );
  await expect.poll(async () => (await storedLyrics()).length).toBeGreaterThan(0);
  const lyricLines = await storedLyrics();
  await expect(line).toHaveAttribute('data-shown', 'true');
  expect(lyricLines).toContain((await line.innerText()).trim());
  await line.evaluate((el: HTMLElement) => {
    const log: LineState[] = [];
    (window as unknown as { lineLog: LineState[] }).lineLog = log;
    const note = () =>
      log.push({
        shown: el.getAttribute('data-shown'),
        text: el.textContent ?? '',
        duration: el.style.transitionDuration,
      });
    note();
    new MutationObserver(note).observe(el, { attributes: true, childList: true, characterData: true, subtree: true });
  });
  const lineLog = () => page.evaluate(() => (window as unknown as { lineLog: LineState[] }).lineLog);
  const changesIn = (log: LineState[]) =>
    log.flatMap((state, i) => (i > 0 && state.text !== log[i - 1].text ? [i] : []));
  await expect
    .poll(async () => {
      const log = await lineLog();
      return changesIn(log).length >= 2 && log.at(-1)!.shown === 'true';
    })
    .toBe(true);
  const log = await lineLog();
  expect(log[0]).toMatchObject({ shown: 'true', duration: '1.2s' });
  for (const i of changesIn(log)) {
    expect(lyricLines).toContain(log[i].text);
    expect(log[i - 1], 'the line before hides first, over 0.3 s').toMatchObject({ shown: 'false', duration: '0.3s' });
    expect(
      log.slice(i).find((state) => state.shown === 'true'),
      'the new line fades in over 1.2 s',
    ).toMatchObject({ duration: '1.2s' });
  }

  // Brightness: the mask starts at 0.3 and moves by 0.1 between 0.1 and 1.
  const mask = board.getByTestId('brightness-mask');
  const opacity = () => mask.evaluate((el: HTMLElement) => el.style.opacity);
  await expect.poll(opacity).toBe('0.3');
  const darker = board.getByRole('button', { name: '调暗背景' });
  const brighter = board.getByRole('button', { name: '调亮背景' });
  for (const expected of ['0.4', '0.5', '0.6', '0.7', '0.8', '0.9', '1', '1']) {
    await darker.click();
    await expect.poll(opacity).toBe(expected);
  }
  for (const expected of ['0.9', '0.8', '0.7', '0.6', '0.5', '0.4', '0.3', '0.2', '0.1', '0.1']) {
    await brighter.click();
    await expect.poll(opacity).toBe(expected);
  }

  // The title shows the song, fades out 3.6 s into playing (over 0.8 s) and comes back on pause (over 0.5 s).
  const heading = board.getByRole('heading', { name });
  const title = board.locator('[data-shown]').filter({ has: page.getByRole('heading', { name }) });
  await expect(title).toHaveCSS('transition-duration', '0.8s');
  await expect(title).toHaveAttribute('data-shown', 'false', { timeout: 10_000 });
  // Space pauses once focus has left the buttons.
  await heading.click({ force: true });
  await page.keyboard.press('Space');
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await expect(title).toHaveAttribute('data-shown', 'true');
  await expect(title).toHaveCSS('transition-duration', '0.5s');
  // Resuming starts the fade-out again.
  await page.keyboard.press('Space');
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  await expect(title).toHaveCSS('transition-duration', '0.8s');
  await expect(title).toHaveAttribute('data-shown', 'false', { timeout: 10_000 });
});

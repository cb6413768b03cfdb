import { expect, test } from './fixtures';
import { islandsHydrated } from './helpers';
import { audioState, chooseMode, listedSongs, nowPlaying, openPanel, panelOf, playSongNamed } from './music-helpers';
import type { Page } from '@playwright/test';

/**
 * Chromium keeps what the page tells the Media Session to itself; this records it on the way
 * (the browser's own calls still happen), and keeps the action handlers so the test can press
 * the lock screen's buttons.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const session = navigator.mediaSession;
    const seen = {
      positions: [] as (MediaPositionState | undefined)[],
      handlers: {} as Record<string, MediaSessionActionHandler | null>,
    };
    (window as unknown as { mediaSeen: typeof seen }).mediaSeen = seen;
    const setPositionState = session.setPositionState.bind(session);
    const setActionHandler = session.setActionHandler.bind(session);
    session.setPositionState = (state) => {
      seen.positions.push(state);
      setPositionState(state);
    };
    session.setActionHandler = (action, handler) => {
      seen.handlers[action] = handler;
      setActionHandler(action, handler);
    };
  });
  await page.goto('/home');
  await islandsHydrated(page);
});

const session = (page: Page) =>
  page.evaluate(() => ({
    title: navigator.mediaSession.metadata?.title ?? null,
    artist: navigator.mediaSession.metadata?.artist ?? null,
    album: navigator.mediaSession.metadata?.album ?? null,
    artwork: navigator.mediaSession.metadata?.artwork.map((a) => a.src) ?? [],
    state: navigator.mediaSession.playbackState,
  }));

const lastPosition = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { mediaSeen: { positions: (MediaPositionState | undefined)[] } }).mediaSeen.positions.at(
        -1,
      ) ?? null,
  );

const pressMediaKey = (page: Page, action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) =>
  page.evaluate(
    ([action, details]) => {
      const handler = (
        window as unknown as { mediaSeen: { handlers: Record<string, MediaSessionActionHandler | null> } }
      ).mediaSeen.handlers[action];
      if (!handler) throw new Error(`没有 ${action} 的处理函数`);
      handler({ action, ...details } as MediaSessionActionDetails);
    },
    [action, details] as const,
  );

test('the lock screen shows the song, its state and position, and its keys play, pause, skip and seek', async ({
  page,
}) => {
  await openPanel(page);
  await chooseMode(page, 'LISTLOOP');
  const songs = await listedSongs(page);
  await playSongNamed(page, songs[0]);
  const artist = (
    await panelOf(page)
      .getByRole('table', { name: '歌单歌曲' })
      .locator('tbody tr')
      .first()
      .locator('td')
      .nth(1)
      .innerText()
  ).trim();
  await expect.poll(() => session(page)).toMatchObject({ title: songs[0], artist, state: 'playing' });
  const shown = await session(page);
  expect(shown.album).not.toBe('');
  expect(shown.artwork[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wapi\/picture\//);
  await expect.poll(async () => (await lastPosition(page))?.duration ?? 0).toBeGreaterThan(10);

  await pressMediaKey(page, 'pause');
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await expect.poll(async () => (await session(page)).state).toBe('paused');

  await pressMediaKey(page, 'seekto', { seekTime: 9 });
  await expect.poll(async () => (await audioState(page)).time).toBeCloseTo(9, 1);
  await expect(panelOf(page).getByRole('slider', { name: '播放进度' })).toHaveAttribute('aria-valuetext', /^0:09 \//);
  await expect.poll(async () => (await lastPosition(page))?.position).toBeCloseTo(9, 1);
  // A seek before the start is held at the start instead of failing.
  await pressMediaKey(page, 'seekto', { seekTime: -5 });
  await expect.poll(async () => (await audioState(page)).time).toBe(0);
  await expect.poll(async () => (await lastPosition(page))?.position).toBe(0);
  await pressMediaKey(page, 'seekto', { seekTime: 9 });

  // Play resumes; pressed again while playing, it keeps playing.
  await pressMediaKey(page, 'play');
  await expect.poll(async () => (await session(page)).state).toBe('playing');
  await pressMediaKey(page, 'play');
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);

  await pressMediaKey(page, 'nexttrack');
  await expect(nowPlaying(page)).toHaveText(songs[1]);
  await expect.poll(async () => (await session(page)).title).toBe(songs[1]);
  await pressMediaKey(page, 'previoustrack');
  await expect(nowPlaying(page)).toHaveText(songs[0]);
  await expect.poll(async () => (await session(page)).title).toBe(songs[0]);
});

test('after a reload the lock screen shows the restored song, paused, and shows it again on resume', async ({
  page,
}) => {
  await openPanel(page);
  const [song] = await listedSongs(page);
  await playSongNamed(page, song);
  // The store saves about once a second.
  const saved = () =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('blogMusicPlayer') ?? '{}').musicDescription?.name);
  await expect.poll(saved).toBe(song);
  await page.reload();
  await islandsHydrated(page);
  await expect.poll(() => session(page)).toMatchObject({ title: song, state: 'paused' });

  // Whatever the lock screen showed meanwhile, resuming shows this song again.
  await page.evaluate(() => (navigator.mediaSession.metadata = null));
  await page.getByTestId('disc-toggle').click();
  await expect.poll(() => session(page)).toMatchObject({ title: song, state: 'playing' });
  await expect.poll(async () => (await lastPosition(page))?.duration ?? 0).toBeGreaterThan(10);
});

test('the disc is named by what it shows, the song and the artist, then what it does', async ({ page }) => {
  const disc = page.getByRole('button', { name: /打开播放器$/ });
  await expect(disc).toHaveAccessibleName('听点音乐吧 点开挑一首，打开播放器');
  await openPanel(page);
  const [song] = await listedSongs(page);
  await playSongNamed(page, song);
  await page.getByRole('button', { name: '收起播放器' }).click();
  const shown = (await disc.innerText()).replace(/\s+/g, ' ').trim();
  expect(shown.startsWith(song)).toBe(true);
  await expect(disc).toHaveAccessibleName(`${shown}，打开播放器`);
});

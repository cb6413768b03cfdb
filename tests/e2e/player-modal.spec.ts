import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { islandsHydrated } from './helpers';
import { openPanel, panelOf, playFirstSong } from './music-helpers';

const focusInside = (modal: Locator) => modal.evaluate((el) => el.contains(document.activeElement));
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test.beforeEach(async ({ page }) => {
  await page.goto('/home');
  await islandsHydrated(page);
});

test('the panel takes focus from the disc without the keyboard popping up, leaves the page scrollable, and gives focus back on Escape', async ({
  page,
}) => {
  const disc = page.getByRole('button', { name: /打开播放器$/ });
  await disc.focus();
  await page.keyboard.press('Enter');
  const panel = panelOf(page);
  await expect(panel.getByRole('button', { name: '收起播放器' })).toBeFocused();
  expect(await bodyOverflow(page)).not.toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(disc).toBeFocused();
});

test('the lyric board over the panel: focus stays inside, the page stops scrolling, and Escape closes only the board', async ({
  page,
}) => {
  await playFirstSong(page);
  const opener = panelOf(page).getByRole('button', { name: '打开歌词' });
  await opener.click();
  const board = page.getByRole('dialog', { name: '歌词' });
  await expect.poll(() => focusInside(board)).toBe(true);
  expect(await bodyOverflow(page)).toBe('hidden');
  const stops = await board.locator('button, input').count();
  for (let i = 0; i <= stops; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(board), `Tab #${i + 1} stays inside`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(board).toBeHidden();
  await expect(panelOf(page)).toBeVisible();
  await expect(opener).toBeFocused();
  expect(await bodyOverflow(page)).not.toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(panelOf(page)).toBeHidden();
});

test('opening the panel again after a close still works from the keyboard', async ({ page }) => {
  await openPanel(page);
  await page.keyboard.press('Escape');
  const disc = page.getByRole('button', { name: /打开播放器$/ });
  await expect(disc).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panelOf(page)).toBeVisible();
});

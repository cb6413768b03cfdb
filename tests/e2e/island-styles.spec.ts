/**
 * The islands that load at idle or on interaction (the search dialog, the drawer, the player's
 * panel) bring their stylesheets with their chunks instead of every page inlining them: they must
 * never render unstyled, not even when the stylesheet is slow, and must stay styled after the
 * client-side router has swapped in another page's head.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { islandsHydrated } from './helpers';

/** Records an element's computed `position` at the moment it is first inserted. */
async function positionWhenInserted(page: Page, selector: string) {
  await page.evaluate((selector) => {
    const seen = ((window as unknown as { seen: Record<string, string> }).seen ??= {});
    new MutationObserver(() => {
      const element = document.querySelector(selector);
      if (element && !(selector in seen)) seen[selector] = getComputedStyle(element).position;
    }).observe(document.body, { childList: true, subtree: true });
  }, selector);
  return () =>
    page.evaluate((selector) => (window as unknown as { seen: Record<string, string> }).seen[selector], selector);
}

test.use({ viewport: { width: 375, height: 740 } });

test('lazily loaded islands are styled when they first render, even with a slow stylesheet, and after navigation', async ({
  page,
}) => {
  // Every page's own styles are inline: the only stylesheet requests are the islands' own.
  const stylesheets: string[] = [];
  page.on(
    'request',
    (request) => request.resourceType() === 'stylesheet' && stylesheets.push(new URL(request.url()).pathname),
  );
  await page.route(/\/_astro\/.*\.css$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/home');
  await islandsHydrated(page);

  const drawer = await positionWhenInserted(page, '#nav-drawer');
  await page.getByRole('button', { name: '打开导航菜单' }).click();
  await expect(page.getByRole('dialog', { name: '导航' })).toBeVisible();
  expect(await drawer()).toBe('absolute');
  await page.getByRole('button', { name: '关闭导航菜单' }).click();

  const panel = await positionWhenInserted(page, '[data-testid="player-panel"]');
  await page.getByRole('button', { name: /打开播放器/ }).click();
  await expect(page.getByTestId('player-panel')).toBeVisible();
  expect(await panel()).toBe('fixed');
  await page.keyboard.press('Escape');

  await page.locator('main a[href^="/article/"]').first().click();
  await expect(page).toHaveURL(/\/article\/\d+$/);
  await page.getByRole('button', { name: '搜索' }).click();
  const dialog = page.getByRole('dialog', { name: '搜索' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => getComputedStyle(element.parentElement!).position)).toBe('fixed');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /打开播放器/ }).click();
  await expect(page.getByTestId('player-panel')).toHaveCSS('position', 'fixed');
  expect(stylesheets.every((path) => /^\/_astro\/(SearchDialog|Drawer|Panel|LyricBoard)\./.test(path))).toBe(true);
});

/**
 * The header on a 900 px touch screen, in the full browser: a phone's tap leaves the pointer where
 * it tapped, and this toggle depends on it (`onFullBrowser`).
 */
import { expect, onFullBrowser, test } from './fixtures';
import { islandsHydrated, menuGroup, menuLink } from './helpers';

test.use({ viewport: { width: 900, height: 700 }, hasTouch: true, ...onFullBrowser });

test('a tap opens a group and a second tap closes it', async ({ page }) => {
  await page.goto('/home');
  await islandsHydrated(page);
  const resources = menuGroup(page, '资源导航');
  await resources.tap();
  await expect(resources).toHaveAttribute('aria-expanded', 'true');
  await expect(menuLink(page, '网站列表')).toBeVisible();
  await resources.tap();
  await expect(resources).toHaveAttribute('aria-expanded', 'false');
  await expect(menuLink(page, '网站列表')).toBeHidden();
  await resources.tap();
  await menuLink(page, '网站列表').tap();
  await expect(page).toHaveURL(/\/siteList$/);
});

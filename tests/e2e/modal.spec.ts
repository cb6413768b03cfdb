import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { islandsHydrated } from './helpers';

const focusInside = (modal: Locator) => modal.evaluate((el) => el.contains(document.activeElement));
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);
const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Tab and Shift+Tab, more times than the modal has controls, never leave it. */
async function expectFocusTrapped(page: Page, modal: Locator) {
  const stops = await modal.locator('a[href], button, input').count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i <= stops; i++) {
      await page.keyboard.press(key);
      expect(await focusInside(modal), `${key} #${i + 1} stays inside`).toBe(true);
    }
  }
}

/** A wheel over the open modal leaves the page where it was; once closed, the same wheel scrolls it. */
async function expectScrollLocked(page: Page, close: () => Promise<void>) {
  expect(await bodyOverflow(page)).toBe('hidden');
  await page.mouse.move(20, 300);
  await page.mouse.wheel(0, 600);
  await frames(page);
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await close();
  expect(await bodyOverflow(page)).not.toBe('hidden');
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
}

test.describe('the search dialog', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/home');
    await islandsHydrated(page);
  });

  test('takes focus, keeps Tab inside, and gives focus back to the search button on Escape', async ({ page }) => {
    const opener = page.getByRole('button', { name: '搜索' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '搜索' });
    await expect(dialog.getByRole('combobox')).toBeFocused();
    await expect(dialog.getByTestId('search-hot').getByRole('link')).toHaveCount(5);
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('stops the page behind from scrolling until it closes', async ({ page }) => {
    await page.getByRole('button', { name: '搜索' }).click();
    const dialog = page.getByRole('dialog', { name: '搜索' });
    await expect(dialog).toBeVisible();
    await expectScrollLocked(page, async () => {
      await dialog.getByRole('button', { name: '关闭搜索' }).click();
      await expect(dialog).toBeHidden();
    });
  });

  test('closes when the reader goes back to the previous page', async ({ page }) => {
    await page.locator('main a[href^="/article/"]').first().click();
    await expect(page).toHaveURL(/\/article\/\d+$/);
    await islandsHydrated(page);
    await page.getByRole('button', { name: '搜索' }).click();
    const dialog = page.getByRole('dialog', { name: '搜索' });
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await expect(dialog).toBeHidden();
    expect(await bodyOverflow(page)).not.toBe('hidden');
  });
});

test.describe('the navigation drawer on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test.beforeEach(async ({ page }) => {
    await page.goto('/home');
    await islandsHydrated(page);
  });

  test('takes focus, keeps Tab inside, and gives focus back to the menu button on Escape', async ({ page }) => {
    const opener = page.getByRole('button', { name: '打开导航菜单' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: '导航' });
    await expect(drawer.getByRole('button', { name: '关闭导航菜单' })).toBeFocused();
    await expectFocusTrapped(page, drawer);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('stops the page behind from scrolling until it closes', async ({ page }) => {
    await page.getByRole('button', { name: '打开导航菜单' }).click();
    const drawer = page.getByRole('dialog', { name: '导航' });
    await expect(drawer).toBeVisible();
    await expectScrollLocked(page, async () => {
      await drawer.getByRole('button', { name: '关闭导航菜单' }).click();
      await expect(drawer).toBeHidden();
    });
  });

  test('with search opened over it, Escape closes the search first, then the drawer', async ({ page }) => {
    await page.getByRole('button', { name: '打开导航菜单' }).click();
    const drawer = page.getByRole('dialog', { name: '导航' });
    const close = drawer.getByRole('button', { name: '关闭导航菜单' });
    await expect(close).toBeFocused();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: '搜索' });
    await expect(dialog.getByRole('combobox')).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(drawer).toBeVisible();
    await expect(close).toBeFocused();
    expect(await bodyOverflow(page)).toBe('hidden');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    expect(await bodyOverflow(page)).not.toBe('hidden');
  });
});

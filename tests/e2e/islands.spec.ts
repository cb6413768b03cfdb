/**
 * What hydrates when: a reader who only reads makes the page run no island at all; the header and
 * the player hydrate when reached for, and lose neither the click that woke them nor the keys
 * typed while they arrive.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The scripts the page has requested so far, by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on(
    'request',
    (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname.split('/').pop()!),
  );
  return scripts;
}

const waiting = (page: Page) => page.locator('astro-island[client="interaction"][ssr]');

for (const path of ['/home', '/archives']) {
  test(`${path} hydrates nothing while the reader only reads, and fetches no React`, async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Idle callbacks and timers have had their turn.
    await page.waitForTimeout(1000);
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);
    await expect(waiting(page)).toHaveCount(2);
    expect(scripts.filter((name) => /^(reactIslands|client|HeaderControls|Player)\./.test(name))).toEqual([]);
    // The server's HTML stands in meanwhile: the login link of a reader who is not logged in shows.
    await expect(page.locator('#site-header').getByRole('link', { name: '登录', exact: true })).toBeVisible();
  });
}

test('the article hydrates its counters on load, and its like button only when scrolled to', async ({ page }) => {
  await page.goto('/article/1');
  await expect(page.getByTestId('view-count')).toBeVisible();
  const like = page.locator('astro-island[client="visible"]').filter({ has: page.getByTestId('like-count') });
  await expect(like).toHaveAttribute('ssr', '');
  await expect(waiting(page)).toHaveCount(2);
  await page.getByTestId('like-count').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('like-count')).not.toHaveText('—');
});

test('the first click on a control that has not hydrated does what it says', async ({ page }) => {
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const html = page.locator('html');
  const before = await html.getAttribute('data-theme');
  await expect(waiting(page)).toHaveCount(2);
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-theme', before === 'dark' ? 'light' : 'dark');
  await expect(waiting(page)).toHaveCount(1);
});

test('the first click on a link of a control that has not hydrated still takes it there, and is remembered', async ({
  page,
}) => {
  await page.goto('/archives');
  await page.waitForLoadState('networkidle');
  await page.locator('#site-header').getByRole('link', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The link's own handler ran: login will come back here.
  expect(await page.evaluate(() => localStorage.getItem('blogLastRouter'))).toBe(
    btoa(encodeURIComponent(JSON.stringify('/archives'))),
  );
});

test('keys typed right after the search shortcut, before the dialog has arrived, are kept', async ({ page }) => {
  // The dialog takes its time to arrive, as it may on a phone.
  await page.route(/\/_astro\/SearchDialog\.[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  await expect(waiting(page)).toHaveCount(2);
  await page.keyboard.press('/');
  await page.keyboard.type('sqlite');
  const input = page.getByRole('dialog', { name: '搜索' }).getByPlaceholder('请输入搜索内容');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('sqlite');
  await page.keyboard.type(' wal');
  await expect(input).toHaveValue('sqlite wal');
});

test('Escape before the search dialog has arrived closes search, and it stays closed when the dialog arrives', async ({
  page,
}) => {
  let arrived = false;
  await page.route(/\/_astro\/SearchDialog\.[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
    arrived = true;
  });
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('/');
  await page.keyboard.type('sql');
  await page.keyboard.press('Escape');
  await expect.poll(() => arrived).toBe(true);
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog', { name: '搜索' })).toHaveCount(0);
  // Opened again, it starts empty: what was typed before Escape is gone with it.
  await page.keyboard.press('/');
  await expect(page.getByRole('dialog', { name: '搜索' }).getByPlaceholder('请输入搜索内容')).toHaveValue('');
});

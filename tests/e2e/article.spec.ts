import { expect, test } from './fixtures';
import { islandsHydrated } from './helpers';

test('a code block copies its text and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/article/2');
  await islandsHydrated(page);
  const block = page.locator('.prose .code-block').first();
  const code = (await block.locator('pre').innerText()).trim();
  expect(code.length).toBeGreaterThan(0);

  await block.hover();
  await block.getByRole('button', { name: '复制' }).click();
  const toast = page.getByRole('status').locator('div', { hasText: '复制成功' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(code.split('\n')[0]);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
});

test('the article shows its meta, contents, neighbours and recommendations', async ({ page }) => {
  await page.goto('/article/2');
  const banner = page.locator('.banner-meta');
  await expect(banner).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(banner).toContainText(/\d+ 字/);
  await expect(banner).toContainText(/约 \d+ 分钟/);
  const firstHeading = page.locator('.prose h2').first();
  const id = await firstHeading.getAttribute('id');
  await expect(page.locator(`nav.toc a[href="#${id}"]`)).toBeVisible();
  await expect(page.locator('.article-nav')).toContainText('上一篇');
  const recommended = page.locator('.recommend li');
  expect(await recommended.count()).toBeGreaterThan(0);
  expect(await recommended.count()).toBeLessThanOrEqual(6);
});

test('the welcome toast greets once per tab', async ({ page }) => {
  await page.goto('/home');
  const welcome = page.getByRole('status').getByText(/(好|夜猫子|休息)，/);
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('小咸鱼的博客');
  await expect(welcome).toBeHidden({ timeout: 10_000 });
  await page.reload();
  await islandsHydrated(page);
  await expect(page.getByRole('status')).toBeEmpty();
});

test('the theme toggle turns diagrams dark with the page, leaves photos alone, and colours the browser bar', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date('2026-03-14T12:00:00+08:00'));
  await page.goto('/article/2');
  await islandsHydrated(page);
  const diagram = page.locator('.prose img[src$=".svg"]').first();
  const themeColor = page.locator('meta[name="theme-color"]');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(themeColor).toHaveAttribute('content', '#f4f5f7');
  expect(await diagram.evaluate((img) => getComputedStyle(img).filter)).toBe('none');

  await page.getByRole('button', { name: '切换到深色主题' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(themeColor).toHaveAttribute('content', '#14161a');
  expect(await diagram.evaluate((img) => getComputedStyle(img).filter)).toContain('invert');
  // The next page, loaded afresh, colours the bar for the chosen theme before it paints.
  await page.goto('/article/1');
  await expect(themeColor).toHaveAttribute('content', '#14161a');
  const photo = page.locator('.prose img:not([src$=".svg"])').first();
  if (await photo.count()) expect(await photo.evaluate((img) => getComputedStyle(img).filter)).toBe('none');
});

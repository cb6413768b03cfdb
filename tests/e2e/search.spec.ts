import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { islandsHydrated } from './helpers';

async function openSearch(page: Page) {
  await page.getByRole('button', { name: '搜索' }).click();
  const dialog = page.getByRole('dialog', { name: '搜索' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/home');
  await islandsHydrated(page);
});

test('an empty search shows the hot list numbered ① to ⑤', async ({ page }) => {
  const dialog = await openSearch(page);
  await expect(dialog.getByPlaceholder('请输入搜索内容')).toBeFocused();
  const hot = dialog.getByTestId('search-hot').getByRole('option');
  await expect(hot).toHaveCount(5);
  const ranks = await hot.locator('span').allInnerTexts();
  expect(ranks).toEqual(['①', '②', '③', '④', '⑤']);
  await expect(dialog.getByText('还没有搜索过')).toBeVisible();
});

test('a hot list that did not arrive says so, and is asked for again when search opens next', async ({
  page,
  problems,
}) => {
  problems.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  await page.route('**/api/article/getHotArticle', (route) => route.abort('internetdisconnected'));
  const dialog = await openSearch(page);
  await expect(dialog.getByText('热门推荐没能加载，下次打开搜索时再试')).toBeVisible();
  await page.unroute('**/api/article/getHotArticle');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await openSearch(page);
  await expect(dialog.getByTestId('search-hot').getByRole('option')).toHaveCount(5);
  await expect(dialog.getByText('热门推荐没能加载')).toHaveCount(0);
});

test('results highlight the typed text, and a click opens the article', async ({ page }) => {
  const dialog = await openSearch(page);
  await dialog.getByPlaceholder('请输入搜索内容').fill('sqlite');
  const results = dialog.locator('[role="listbox"] li');
  await expect(results.first()).toBeVisible();
  const marks = await dialog.locator('mark').allInnerTexts();
  expect(marks.length).toBeGreaterThan(0);
  for (const mark of marks) expect(mark.toLowerCase()).toBe('sqlite');

  const title = (await results.first().locator('strong').innerText()).trim();
  await results.first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/article\/\d+$/);
  await expect(page.locator('.page-header h1')).toHaveText(title);
});

test('the keyboard opens search, moves through results and opens one', async ({ page }) => {
  const dialog = page.getByRole('dialog', { name: '搜索' });
  const input = dialog.getByPlaceholder('请输入搜索内容');
  // The shortcut listener attaches just after hydration; press again until it has.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press('/');
    await expect(input).toBeFocused({ timeout: 1000 });
  }).toPass();
  await input.pressSequentially('数据库');
  const results = dialog.locator('[role="listbox"] li');
  await expect(results.first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const chosen = results.nth(Math.min(1, (await results.count()) - 1));
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  const href = await chosen.locator('a').getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(await storedHistory(page)).toEqual(['数据库']);

  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a page without the header keeps the search keys: Ctrl+K in the login form leaves the typing where it was', async ({
  page,
}) => {
  await page.goto('/login');
  await islandsHydrated(page);
  const username = page.getByLabel('用户名');
  await username.click();
  await page.keyboard.type('reader');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('2026');
  await expect(username).toBeFocused();
  await expect(username).toHaveValue('reader2026');
});

/** The history as stored under the original front end's key, oldest first. */
const storedHistory = (page: Page) =>
  page.evaluate(() => {
    const stored = localStorage.getItem('blogSearchHistory');
    return stored === null ? [] : (JSON.parse(decodeURIComponent(atob(stored))) as string[]);
  });

const answerTo = (page: Page, term: string) =>
  page.waitForResponse((r) => r.url().endsWith(`/getArticleListByContent/${encodeURIComponent(term)}`));

test('typing alone keeps nothing in the history; Enter and opening a result do', async ({ page }) => {
  let dialog = await openSearch(page);
  const input = dialog.getByPlaceholder('请输入搜索内容');
  for (const term of ['Rea', 'React', 'SQLite']) {
    const answered = answerTo(page, term);
    await input.fill(term);
    await answered;
  }
  await expect(dialog.locator('mark').first()).toHaveText(/sqlite/i);
  await input.fill('');
  await expect(dialog.getByText('还没有搜索过')).toBeVisible();
  expect(await storedHistory(page)).toEqual([]);

  // Enter keeps the keyword, whether or not its answer had come back yet.
  await input.fill('Astro');
  await input.press('Enter');
  await expect.poll(() => storedHistory(page)).toEqual(['Astro']);
  await expect(page).toHaveURL(/\/home$/);

  // Opening a result keeps the keyword that found it.
  const answered = answerTo(page, 'sqlite');
  await input.fill('sqlite');
  await answered;
  await dialog.locator('[role="listbox"] li a').first().click();
  await expect(page).toHaveURL(/\/article\/\d+$/);
  expect(await storedHistory(page)).toEqual(['Astro', 'sqlite']);

  dialog = await openSearch(page);
  await dialog.getByPlaceholder('请输入搜索内容').fill('');
  await expect(dialog.getByTestId('search-history').getByRole('button')).toHaveText(['sqlite', 'Astro']);
});

test('history keeps the last 10 searches, survives reload, and clears', async ({ page }) => {
  let dialog = await openSearch(page);
  const input = dialog.getByPlaceholder('请输入搜索内容');
  const terms = ['React', 'SQLite', 'Astro', 'Git', 'CSS', 'Node', 'Vite', 'Linux', '数据库', '性能', '读书'];
  for (const term of terms) {
    await input.fill(term);
    await input.press('Enter');
    await expect.poll(() => storedHistory(page)).toContain(term);
  }
  await input.fill('');
  const history = dialog.getByTestId('search-history').getByRole('button');
  await expect(history).toHaveCount(10);
  await expect(history.first()).toHaveText('读书');
  await expect(history.getByText('React', { exact: true })).toHaveCount(0);
  expect(await storedHistory(page)).toEqual(terms.slice(1));

  await page.reload();
  await islandsHydrated(page);
  dialog = await openSearch(page);
  await expect(dialog.getByTestId('search-history').getByRole('button')).toHaveCount(10);
  await dialog.getByRole('button', { name: '清空历史' }).click();
  await expect(dialog.getByText('还没有搜索过')).toBeVisible();
  expect(await storedHistory(page)).toEqual([]);
});

test('a slow answer to an older keyword never replaces a newer one', async ({ page }) => {
  let releaseSlow!: () => void;
  const slowHeld = new Promise<void>((resolve) => (releaseSlow = resolve));
  await page.route('**/api/article/getArticleListByContent/**', async (route) => {
    if (route.request().url().endsWith('/React')) await slowHeld;
    await route.continue();
  });
  const dialog = await openSearch(page);
  const input = dialog.getByPlaceholder('请输入搜索内容');

  const slowSent = page.waitForRequest((r) => r.url().endsWith('/React'));
  await input.fill('React');
  await slowSent;
  const fastAnswered = page.waitForResponse((r) => r.url().endsWith('/SQLite'));
  await input.fill('SQLite');
  await fastAnswered;
  await expect(dialog.locator('mark').first()).toHaveText(/sqlite/i);

  const slowAnswered = page.waitForResponse((r) => r.url().endsWith('/React'));
  releaseSlow();
  await slowAnswered;
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  for (const mark of await dialog.locator('mark').allInnerTexts()) expect(mark.toLowerCase()).toBe('sqlite');
});

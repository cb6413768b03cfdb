import { expect, test } from './fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page lists articles in full HTML', async ({ page }) => {
    await page.goto('/home');
    const cards = page.locator('article.article-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    await expect(cards.first().locator('h2')).toContainText('置顶');
    await expect(page.locator('.pagination')).toBeVisible();
  });

  test('an article page shows its whole text, code and table of contents', async ({ page }) => {
    await page.goto('/home');
    const href = await page.locator('article.article-card h2 a').first().getAttribute('href');
    await page.goto(href!);
    const prose = page.locator('.prose');
    const text = (await prose.innerText()).trim();
    expect(text.length).toBeGreaterThan(300);
    expect(await page.locator('.prose h2').count()).toBeGreaterThanOrEqual(2);
    await expect(page.locator('nav.toc')).toBeAttached();
    await expect(page.locator('.article-nav')).toBeVisible();
  });
});

test('legacy query URLs redirect permanently and keep the rest of the query', async ({ request }) => {
  const article = await request.get('/article?id=3&from=rss', { maxRedirects: 0 });
  expect(article.status()).toBe(301);
  expect(article.headers().location).toBe('/article/3?from=rss');
  const talk = await request.get('/talk?id=2', { maxRedirects: 0 });
  expect(talk.status()).toBe(301);
  expect(talk.headers().location).toBe('/talk/2');
});

test('a redirect lands on the page, and an unknown id or path shows the 404 page', async ({ page }) => {
  const ok = await page.goto('/article?id=3');
  expect(ok!.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/article/3');
  await expect(page.locator('article.article')).toHaveAttribute('data-article-id', '3');

  const unknown = await page.goto('/article?id=999999');
  expect(unknown!.status()).toBe(404);
  await expect(page.getByText('你访问的页面不存在')).toBeVisible();

  const nowhere = await page.goto('/no/such/page');
  expect(nowhere!.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('页面走丢了');
});

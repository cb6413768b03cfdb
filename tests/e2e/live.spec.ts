import { expect, test } from './fixtures';

test('a like turns the heart red, counts once and survives a reload', async ({ page }) => {
  await page.goto('/article/4');
  const like = page.getByRole('button', { name: '点赞', exact: true });
  // The like bar hydrates when it comes into view, as a reader scrolls to it.
  await like.scrollIntoViewIfNeeded();
  await expect(like).toBeEnabled();
  const before = Number(await page.getByTestId('like-count').innerText());

  await like.click();
  const unlike = page.getByRole('button', { name: '取消点赞' });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('like-count')).toHaveText(String(before + 1));
  expect(await unlike.evaluate((el) => getComputedStyle(el.querySelector('svg')!).fill)).toBe('rgb(242, 84, 91)');

  await page.reload();
  await page.getByRole('button', { name: '取消点赞' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: '取消点赞' })).toBeEnabled();
  await expect(page.getByTestId('like-count')).toHaveText(String(before + 1));

  await page.getByRole('button', { name: '取消点赞' }).click();
  await expect(page.getByRole('button', { name: '点赞', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('like-count')).toHaveText(String(before));
});

test('a view that did not get through is sent again, and the like button comes on with its answer', async ({
  page,
  problems,
}) => {
  problems.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  let tries = 0;
  await page.route('**/api/article/view/5', (route) =>
    ++tries === 1 ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/article/5');
  const like = page.getByRole('button', { name: '点赞', exact: true });
  await like.scrollIntoViewIfNeeded();
  await expect.poll(() => tries).toBe(1);
  await expect(like).toBeDisabled();
  await expect(page.getByTestId('like-count')).toHaveText('—');
  // A few seconds later it is sent again, and the counters arrive.
  await expect(like).toBeEnabled({ timeout: 15_000 });
  await expect(page.getByTestId('like-count')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('view-count')).toHaveText(/^\d+$/);
  expect(tries).toBe(2);
});

test('the view counter rises with each visit, including client-side ones', async ({ page }) => {
  await page.goto('/article/6');
  const views = page.getByTestId('view-count');
  await expect(views).toHaveText(/^\d+$/);
  const first = Number(await views.innerText());

  await page.reload();
  await expect(views).toHaveText(String(first + 1));

  await page.locator('#site-header nav.menu').getByRole('link', { name: '时间轴' }).click();
  await expect(page).toHaveURL(/\/archives$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/article\/6$/);
  await expect(page.getByTestId('view-count')).toHaveText(String(first + 2));
});

test('reading time is reported when the reader leaves', async ({ page, request }) => {
  await page.goto('/article/8');
  await expect(page.getByTestId('view-count')).toHaveText(/^\d+$/);
  // The report's answer, not just its request: the check below must come after the server counted it.
  const reported = page.waitForResponse(
    (r) => r.url().includes('/api/article/addReadingDuration/8/') && r.request().method() === 'PUT',
  );
  await page.waitForTimeout(2200);
  await page.locator('#site-header nav.menu').getByRole('link', { name: '首页' }).click();
  expect((await reported).ok()).toBe(true);
  // Milliseconds, as the API takes them: the article was on screen for more than 2 seconds.
  const ms = Number((await reported).url().split('/').pop());
  expect(ms).toBeGreaterThanOrEqual(2000);
  const live = await request.put('/api/article/view/8', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect((await live.json()).result.reading_duration).toBeGreaterThanOrEqual(ms);
});

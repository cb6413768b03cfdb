/**
 * Offline reading, as a reader on a train lives it, on a site of its own (its owner publishes):
 * the home page and two articles read online stay readable offline, reloaded or reached by the
 * router's links, with their pictures; a page never read shows our offline page; comments and likes
 * say they need the network. Back online, a publish shows at the next load, and an article moved to
 * the recycle bin leaves the reader's cache.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { OFFLINE_CACHES } from '../../src/lib/shared/offline/rules';
import { expect, test } from './fixtures';
import { field, startWritingSite, visitor, waitLive, type WritingSite } from './writingSite';

const OWNER = { username: 'offlineowner', password: 'offline-owner-password' };
/** Demo articles on the home page's first page, with a cover and a picture in their text (src/content/articles/). */
const READ = [30, 25];
const NEVER_READ = 3;

let site: WritingSite;

test.describe.configure({ mode: 'serial' });
test.setTimeout(600_000);
test.use({ actionTimeout: 15_000 });

test.beforeAll(async () => {
  site = await startWritingSite(OWNER);
});
test.afterAll(async () => {
  await site?.stop();
});
test.afterEach(({ problems }) => {
  expect(problems.seen, '页面上不应出现错误、CSP 违规或对其他主机的请求').toEqual([]);
});

/** Once the worker controls the page: registered after load, when the browser is idle. */
const workerInCharge = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

/** Every picture of the article drawn, from wherever it came. */
async function expectPicturesDrawn(page: Page) {
  const pictures = page.locator('.article img');
  expect(await pictures.count()).toBeGreaterThan(0);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}

/** Whether the page on screen is kept, with every island's code: the worker keeps them after the page. */
const keptWithItsIslands = (page: Page) =>
  page.evaluate(async (names) => {
    const kept = async (name: string, url: string) => !!(await (await caches.open(name)).match(url));
    const islands = [...document.querySelectorAll('astro-island[component-url]')].map(
      (island) => new URL(island.getAttribute('component-url')!, location.href).href,
    );
    const all = await Promise.all([kept(names.page, location.href), ...islands.map((url) => kept(names.asset, url))]);
    return all.every(Boolean);
  }, OFFLINE_CACHES);

/** Offline a minute later: what opens comes from the worker's cache, not the browser's own (static.ts, HTML_CACHE). */
async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await aMinuteLater(context, page);
}

/** What a minute brings: the pages in the browser's own HTTP cache have to be asked for again. */
async function aMinuteLater(context: BrowserContext, page: Page) {
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.clearBrowserCache');
  await devtools.detach();
}

const cachedPage = (page: Page, path: string) =>
  page.evaluate(
    async ({ cache, path }) => !!(await (await caches.open(cache)).match(new URL(path, location.origin).href)),
    { cache: OFFLINE_CACHES.page, path },
  );

test('what a reader opened stays readable offline; a page never read shows our offline page', async ({
  browser,
  problems,
}) => {
  const { context, page } = await visitor(browser, problems, site, {
    owner: false,
    address: '10.88.0.1',
    offlineWorker: true,
  });
  await page.goto('/home');
  await workerInCharge(page);
  await expect(page.locator('#offline-mark')).toBeHidden();
  const titles: string[] = [];
  for (const id of READ) {
    await page.goto(`/article/${id}`);
    titles.push(await page.getByRole('heading', { level: 1 }).innerText());
    // Read to the end: every picture loaded, as a reader scrolling down loads them.
    await expectPicturesDrawn(page);
    await expect.poll(() => keptWithItsIslands(page)).toBe(true);
  }

  await goOffline(context, page);
  for (const [i, id] of READ.entries()) {
    await page.goto(`/article/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[i]);
    await expectPicturesDrawn(page);
  }
  await expect(page.locator('#offline-mark')).toBeVisible();
  await expect(page.locator('#offline-mark')).toHaveText('离线');

  // The router's links: the page changes without a new document.
  await page.goto('/home');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.locator(`a[href="/article/${READ[0]}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/article/${READ[0]}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[0]);
  await page.locator('#site-header nav.menu').getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.locator(`a[href="/article/${READ[1]}"]`).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[1]);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Likes and comments say they need the network, instead of failing.
  // The like bar wakes as it comes into view, as a reader scrolls to it.
  await page.getByRole('button', { name: '点赞', exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByText('离线中：点赞需要联网')).toBeVisible();
  await expect(page.getByRole('button', { name: '点赞', exact: true })).toBeDisabled();
  await expect(page.getByTestId('comments').getByText(/离线中：评论需要联网/)).toBeVisible();
  // Music neither streams nor opens its panel: it says so.
  await page.getByTestId('disc-toggle').click();
  await expect(page.getByText('离线中：音乐需要联网才能播放').first()).toBeVisible();
  expect(
    await page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => audio.getAttribute('src')),
  ).toBeNull();

  // A page never read, by the router's link and by address: our offline page, in the site's style,
  // listing what can be read.
  const read = new Set(READ.map((id) => `/article/${id}`));
  const links = await page
    .locator('main a[href^="/article/"]')
    .evaluateAll((all) => all.map((a) => a.getAttribute('href')!));
  const neverRead = links.find((href) => !read.has(href))!;
  await page.locator(`main a[href="${neverRead}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${neverRead}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('离线可读');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.goto(`/article/${NEVER_READ}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('离线可读');
  await expect(page.getByText('这一页还没有读过')).toBeVisible();
  const readable = page.getByRole('region', { name: '读过的页面' });
  for (const title of titles) await expect(readable.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await readable.getByRole('link', { name: new RegExp(titles[0]) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[0]);
  await context.close();
});

test('back online, a publish shows at the next load, and an article moved to the recycle bin leaves the cache', async ({
  browser,
  problems,
}) => {
  const reader = await visitor(browser, problems, site, { owner: false, address: '10.88.0.2', offlineWorker: true });
  const page = reader.page;
  await page.goto('/home');
  await workerInCharge(page);
  // Both read, and both saved with 离线保存 too.
  for (const id of READ) {
    await page.goto(`/article/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: '点赞', exact: true }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: '离线保存' }).click();
    await expect(page.getByRole('button', { name: '已离线保存' })).toBeVisible();
  }
  await expect.poll(() => cachedPage(page, `/article/${READ[1]}`)).toBe(true);
  await reader.context.setOffline(true);
  await page.goto(`/article/${READ[0]}`);
  await reader.context.setOffline(false);

  const owner = await visitor(browser, problems, site, { owner: true, address: '10.88.0.3' });
  await owner.page.goto(`/admin/articles/edit?id=${READ[0]}`);
  await field(owner.page, '标题').fill('离线之后改过的标题');
  await owner.page.getByRole('button', { name: '更新', exact: true }).click();
  await waitLive(owner.page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('离线之后改过的标题');

  await owner.page.goto(`/admin/articles/edit?id=${READ[1]}`);
  await owner.page.getByRole('button', { name: '移到回收站' }).click();
  await owner.page
    .getByRole('group', { name: /移到回收站：文章会立即撤下/ })
    .getByRole('button', { name: '确定' })
    .click();
  await waitLive(owner.page);
  // The next visit brings the new build's worker, which asks after every page kept.
  await page.goto('/home');
  await expect.poll(() => cachedPage(page, `/article/${READ[1]}`), { timeout: 30_000 }).toBe(false);
  expect(await cachedPage(page, `/article/${READ[0]}`)).toBe(true);
  // Gone from the saved ones too, and only it: the article still on the site stays saved.
  await page.goto('/offline');
  const saved = page.getByRole('region', { name: '离线保存的文章' });
  await expect(saved.locator(`a[href="/article/${READ[0]}"]`)).toBeVisible();
  await expect(saved.locator('a')).toHaveCount(1);
  await reader.context.close();
  await owner.context.close();
});

test('离线保存 keeps an article until the reader removes it on the offline page', async ({ browser, problems }) => {
  const { context, page } = await visitor(browser, problems, site, {
    owner: false,
    address: '10.88.0.4',
    offlineWorker: true,
  });
  await page.goto('/home');
  await workerInCharge(page);
  const path = `/article/${READ[0]}`;
  await page.goto(path);
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  // It comes with the like bar, as the reader scrolls to it.
  await page.getByRole('button', { name: '点赞', exact: true }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: '离线保存' }).click();
  await expect(page.getByRole('button', { name: '已离线保存' })).toHaveAttribute('aria-pressed', 'true');
  // The saved list is one link away.
  await page.getByRole('link', { name: '离线列表' }).click();
  await expect(page).toHaveURL(/\/offline$/);
  await expect(page.getByRole('region', { name: '离线保存的文章' }).getByRole('link', { name: title })).toBeVisible();
  // Kept apart from what the worker keeps by itself: even once that copy is gone, the article opens offline.
  // (The save's own fetch passes through the worker, which may put its copy back a moment later.)
  const dropWorkersCopy = () =>
    page.evaluate(async ({ cache, path }) => (await caches.open(cache)).delete(new URL(path, location.origin).href), {
      cache: OFFLINE_CACHES.page,
      path,
    });
  await expect
    .poll(async () => {
      await dropWorkersCopy();
      await page.waitForTimeout(500);
      return cachedPage(page, path);
    })
    .toBe(false);

  await goOffline(context, page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectPicturesDrawn(page);
  await page.goto('/offline');
  const saved = page.getByRole('region', { name: '离线保存的文章' });
  await expect(saved.getByRole('link', { name: title })).toBeVisible();
  await saved.getByRole('button', { name: `从离线保存中移除「${title}」` }).click();
  await expect(saved.getByText('还没有离线保存的文章')).toBeVisible();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('离线可读');

  await context.setOffline(false);
  await expect(page.locator('#offline-mark')).toBeHidden();
  await page.goto(path);
  await page.getByRole('button', { name: '点赞', exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: '离线保存' })).toHaveAttribute('aria-pressed', 'false');
  await context.close();
});

test('a site that turns offline reading off removes the worker and what it kept', async ({ browser, problems }) => {
  const reader = await visitor(browser, problems, site, { owner: false, address: '10.88.0.5', offlineWorker: true });
  await reader.page.goto('/home');
  await workerInCharge(reader.page);
  await reader.page.goto(`/article/${READ[0]}`);
  // Kept with its islands' code: the page stays open while the server restarts.
  await expect.poll(() => keptWithItsIslands(reader.page)).toBe(true);

  await site.restart({ FEATURES_OFF: 'offline' });
  const owner = await visitor(browser, problems, site, { owner: true, address: '10.88.0.6' });
  await owner.page.goto('/admin/articles');
  await owner.page.getByRole('button', { name: '重新发布' }).click();
  await waitLive(owner.page);

  await aMinuteLater(reader.context, reader.page);
  await reader.page.goto('/home');
  await expect(reader.page.locator('html')).toHaveAttribute('data-offline', 'off');
  await expect
    .poll(() => reader.page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length))
    .toBe(0);
  await expect
    .poll(() => reader.page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('blog-'))))
    .toEqual([]);
  await reader.context.close();
  await owner.context.close();
});

/**
 * The owner writes in the browser, on a server of its own with a copy of the demo content: an
 * article with an uploaded image, a new category and tag, published and live with an optimised
 * image while a reader loads pages; edited; a private draft; the recycle bin; an older version
 * restored; a talk with an image; a draft got back after the tab closed; a hand edit met as a conflict.
 * Publishing runs the real build, so each step waits for the status line to say it is live.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePng } from '../fixtures/images';
import { expect, test, type PageProblems } from './fixtures';
import {
  articleIdOf,
  bodyBox,
  field,
  publishLine,
  startWritingSite,
  visitor,
  waitLive,
  type WritingSite,
} from './writingSite';

const OWNER = { username: 'writingowner', password: 'writing-owner-password' };
let site: WritingSite;
let content: string;

test.describe.configure({ mode: 'serial' });
test.setTimeout(600_000);

test.beforeAll(async () => {
  site = await startWritingSite(OWNER);
  content = site.content;
});
test.afterAll(async () => {
  await site?.stop();
});
// The browsers here are the test's own, not the fixture's `context`: their problems are checked here.
test.afterEach(({ problems }) => {
  expect(problems.seen, '页面上不应出现错误、CSP 违规或对其他主机的请求').toEqual([]);
});

const browserOf = (
  browser: Browser,
  problems: PageProblems,
  owner: boolean,
  address: string,
): Promise<{ context: BrowserContext; page: Page }> => visitor(browser, problems, site, { owner, address });

/** Clicks 上传图片 and picks the file in the chooser it opens, as the owner would. */
async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '上传图片' }).click();
  await (await chooser).setFiles(file);
}

/** Writes a new article in the editor, as the owner would, and saves it as a draft. */
async function saveNewDraft(page: Page, title: string, tag: string, body: string) {
  await page.goto('/admin/articles/new');
  await field(page, '标题').fill(title);
  await field(page, '分类').fill('随笔');
  await field(page, '标签').fill(tag);
  await bodyBox(page).click();
  await page.keyboard.type(body);
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page).toHaveURL(/\?id=\d+$/);
}

let articleId = 0;

test('the owner writes an article with an image, a new category and a new tag, and publishes it; a reader sees it with an optimised image', async ({
  browser,
  problems,
}) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.1');
  const reader = await browserOf(browser, problems, false, '10.77.0.2');
  const during = await browserOf(browser, problems, false, '10.77.0.16');
  await page.goto('/admin/articles');
  await page.getByRole('link', { name: '写文章' }).click();
  await expect(bodyBox(page)).toBeVisible();
  await field(page, '标题').fill('Writing in the browser 浏览器里写的第一篇');
  await field(page, '分类').fill('网页写作');
  await field(page, '标签').fill('新标签甲, 浏览器');
  await bodyBox(page).click();
  await page.keyboard.type('## 开头\n\n这是在浏览器里写下的正文。\n\n');
  await chooseFile(page, { name: 'photo.png', mimeType: 'image/png', buffer: makePng(800, 500, true) });
  await expect(bodyBox(page)).toContainText('![](./images/');
  await page.getByRole('button', { name: '预览' }).click();
  await expect(page.getByLabel('预览').getByRole('heading', { name: '开头' })).toBeVisible();
  // A reader keeps reading while the site is rebuilt and switched: the fixture fails the test on any error.
  let building = true;
  const reading = (async () => {
    // (Its pages may stay cached up to a minute, as HTML is: the checks below read as a new reader.)
    for (let n = 0; building; n++) await during.page.goto(n % 2 ? '/home' : '/article/3');
  })();
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page).toHaveURL(/\?id=\d+$/);
  articleId = articleIdOf(page);
  await waitLive(page);
  building = false;
  await reading;
  await expect(publishLine(page).getByRole('link', { name: '查看文章' })).toHaveAttribute(
    'href',
    `/article/${articleId}`,
  );

  await reader.page.goto(`/article/${articleId}`);
  await expect(reader.page.getByRole('heading', { level: 1 })).toContainText('浏览器里写的第一篇');
  const image = reader.page.locator('article img').last();
  await expect(image).toHaveAttribute('srcset', /\/_astro\/.+\.(webp|avif)/);
  await expect(image).toHaveAttribute('width', /\d+/);
  await reader.page.goto(`/category/${encodeURIComponent('网页写作')}`);
  await expect(reader.page.getByText('Writing in the browser')).toBeVisible();
  await reader.page.goto('/home');
  await expect(reader.page.getByText('Writing in the browser')).toBeVisible();
});

test('the owner edits the article and the change goes live', async ({ browser, problems }) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.3');
  await page.goto(`/admin/articles/edit?id=${articleId}`);
  await field(page, '标题').fill('Edited in the browser 改过的标题');
  await page.getByRole('button', { name: '更新', exact: true }).click();
  await waitLive(page);
  const reader = await browserOf(browser, problems, false, '10.77.0.4');
  await reader.page.goto(`/article/${articleId}`);
  await expect(reader.page.getByRole('heading', { level: 1 })).toContainText('改过的标题');
});

test('a saved draft stays private: listed under 草稿, never built', async ({ browser, problems }) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.5');
  await saveNewDraft(page, '还没写完的草稿', '草稿', '写到一半。');
  const draftId = articleIdOf(page);
  await page.goto('/admin/articles');
  await page.getByRole('button', { name: '草稿' }).click();
  await expect(page.getByRole('link', { name: '还没写完的草稿' })).toBeVisible();
  // 重新发布 builds on request; the draft stays out of the site all the same.
  await page.getByRole('button', { name: '重新发布' }).click();
  await waitLive(page);
  const answer = await page.request.get(`/article/${draftId}`);
  expect(answer.status()).toBe(404);
});

test('the recycle bin takes the article off the site at once, and 恢复 brings it back', async ({
  browser,
  problems,
}) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.6');
  await page.goto(`/admin/articles/edit?id=${articleId}`);
  await page.getByRole('button', { name: '移到回收站' }).click();
  await page
    .getByRole('group', { name: /移到回收站：文章会立即撤下/ })
    .getByRole('button', { name: '确定' })
    .click();
  await waitLive(page);
  problems.documentErrors.add(`${site.server.url}/article/${articleId}`);
  expect((await page.request.get(`/article/${articleId}`)).status()).toBe(404);
  await page.getByRole('button', { name: '恢复' }).click();
  await waitLive(page);
  expect((await page.request.get(`/article/${articleId}`)).status()).toBe(200);
});

test('the owner compares an older version and restores it', async ({ browser, problems }) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.7');
  await page.goto(`/admin/articles/edit?id=${articleId}`);
  await page.getByRole('button', { name: '历史版本' }).click();
  const history = page.getByRole('region', { name: '历史版本' });
  await history.getByRole('button', { name: '与当前对比' }).last().click();
  await page.getByRole('button', { name: '恢复这个版本' }).click();
  await expect(field(page, '标题')).toHaveValue('Writing in the browser 浏览器里写的第一篇');
  await waitLive(page);
  const reader = await browserOf(browser, problems, false, '10.77.0.8');
  await reader.page.goto(`/article/${articleId}`);
  await expect(reader.page.getByRole('heading', { level: 1 })).toContainText('浏览器里写的第一篇');
});

test('the owner posts a talk with an image', async ({ browser, problems }) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.9');
  await page.goto('/admin/talks');
  await page.getByLabel('内容').fill('网页里发的说说');
  await chooseFile(page, { name: 'talk.png', mimeType: 'image/png', buffer: makePng(300, 200) });
  await expect(page.getByRole('button', { name: '移除第 1 张图片' })).toBeVisible();
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await waitLive(page);
  const reader = await browserOf(browser, problems, false, '10.77.0.10');
  await reader.page.goto('/talk');
  await expect(reader.page.getByText('网页里发的说说')).toBeVisible();
  await expect(reader.page.locator('img[src^="/uploads/"]').first()).toBeVisible();

  // Edited: the image stays, the text changes.
  await page.getByRole('listitem').filter({ hasText: '网页里发的说说' }).getByRole('button', { name: '编辑' }).click();
  await expect(page.getByLabel('内容')).toHaveValue('网页里发的说说');
  await page.getByLabel('内容').fill('网页里改过的说说');
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await waitLive(page);
  const later = await browserOf(browser, problems, false, '10.77.0.17');
  await later.page.goto('/talk');
  await expect(later.page.getByText('网页里改过的说说')).toBeVisible();
  await expect(later.page.getByText('网页里发的说说')).toHaveCount(0);
});

test('a tab closed mid-typing gives its draft back, and leaving with changes asks first', async ({
  browser,
  problems,
}) => {
  const { context, page } = await browserOf(browser, problems, true, '10.77.0.11');
  await page.goto('/admin/articles/edit');
  await field(page, '标题').fill('差点丢掉的文章');
  await bodyBox(page).click();
  await page.keyboard.type('一段很重要的文字');
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  await page.close();
  const again = await context.newPage();
  await again.goto('/admin/articles/edit');
  await expect(again.getByText(/未保存的本地草稿/)).toBeVisible();
  await again.getByRole('button', { name: '恢复草稿' }).click();
  await expect(field(again, '标题')).toHaveValue('差点丢掉的文章');
  await expect(bodyBox(again)).toContainText('一段很重要的文字');
});

test('logging out leaves no draft of the console on the device', async ({ browser, problems }) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.18');
  await page.goto('/admin/articles/new');
  await field(page, '标题').fill('私下写的文章');
  await bodyBox(page).click();
  await page.keyboard.type('还不能给别人看');
  const drafts = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('writing:')));
  await expect.poll(drafts).toHaveLength(1);
  // The user menu's link: the server ends the session, the page finishes the logout.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(drafts).toEqual([]);
});

test('saving over a hand edit shows both versions instead of overwriting', async ({ browser, problems }) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.12');
  await page.goto('/admin/articles/edit?id=3');
  await expect(field(page, '标题')).not.toHaveValue('');
  const file = join(
    content,
    'articles',
    readdirSync(join(content, 'articles')).find((name) => name.startsWith('0003-'))!,
  );
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\n\n/, '\n\n服务器上手工加的一段。\n\n'));
  await bodyBox(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n\n网页里加的一段。');
  await page.getByRole('button', { name: '更新', exact: true }).click();
  const disk = page.getByRole('region', { name: '磁盘上的版本' });
  await expect(disk).toContainText('服务器上手工加的一段。');
  await expect(disk).toContainText('网页里加的一段。');
  expect(readFileSync(file, 'utf8')).not.toContain('网页里加的一段。');
});

test('Back from another console screen after the first save of a new article shows the editor again', async ({
  browser,
  problems,
}) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.18');
  await saveNewDraft(page, '存过一次再回来的草稿', '草稿', '第一次保存。');
  const editing = page.url();
  await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '说说' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '说说' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(editing);
  await expect(field(page, '标题')).toHaveValue('存过一次再回来的草稿');
});

test('full screen keeps 保存草稿 and 退出全屏 in reach, and Escape leaves it too', async ({ browser, problems }) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.19');
  await page.goto('/admin/articles/new');
  await field(page, '标题').fill('全屏里写的草稿');
  await field(page, '分类').fill('随笔');
  await field(page, '标签').fill('全屏');
  const enter = page.getByRole('button', { name: '全屏', exact: true });
  const leave = page.getByRole('button', { name: '退出全屏' });
  await enter.click();
  await bodyBox(page).click();
  await page.keyboard.type('全屏里写下的一句。');
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page).toHaveURL(/\?id=\d+$/);
  await leave.click();
  await expect(enter).toHaveAttribute('aria-pressed', 'false');

  await enter.click();
  await bodyBox(page).click();
  await page.keyboard.press('Escape');
  await expect(enter).toHaveAttribute('aria-pressed', 'false');
  await expect(field(page, '标题')).toBeInViewport();
});

test('renaming a tag rewrites its articles in one publish; renaming onto another merges them', async ({
  browser,
  problems,
}) => {
  const { page } = await browserOf(browser, problems, true, '10.77.0.13');
  await page.goto('/admin/taxonomy');
  const tags = page.getByRole('table', { name: '标签' });
  await tags.getByRole('button', { name: '改名：新标签甲' }).click();
  await tags.getByRole('textbox', { name: '把「新标签甲」改为' }).fill('浏览器');
  await tags.getByRole('button', { name: '改名', exact: true }).click();
  await expect(page.getByText('已修改 1 篇文章')).toBeVisible();
  await expect(tags.getByRole('cell', { name: '新标签甲', exact: true })).toHaveCount(0);
  await waitLive(page);
  const reader = await browserOf(browser, problems, false, '10.77.0.14');
  problems.documentErrors.add(`${site.server.url}/tag/${encodeURIComponent('新标签甲')}`);
  expect((await reader.page.request.get(`/tag/${encodeURIComponent('新标签甲')}`)).status()).toBe(404);
  await reader.page.goto(`/tag/${encodeURIComponent('浏览器')}`);
  await expect(reader.page.getByText('Writing in the browser')).toBeVisible();
});

/**
 * The owner's admin console and the download pages: the console's gate and the way back after
 * login, a download application from the form to the list by way of the owner's review, and a
 * comment removed in moderation, and 导出全部 downloading the whole site.
 */
import type { Browser, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { formatPrice } from '../../src/lib/shared/shop';
import { makePng } from '../fixtures/images';
import { expect, test, watchContext, type PageProblems } from './fixtures';
import { createAccount, islandsHydrated, loginThroughForm } from './helpers';
import { createOwner, ownerBrowser } from './owner';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
let readers = 0;

/** A new account in a browser of its own, from its own address, not yet logged in. */
async function newcomer(browser: Browser, problems: PageProblems, baseURL: string, nickName: string) {
  const n = ++readers;
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.98.${n >> 8}.${n & 255}` },
  });
  await watchContext(context, problems, new URL(baseURL).origin);
  const account = await createAccount(context.request, nickName);
  return { ...account, page: await context.newPage() };
}

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);

test('the owner finds the console in the user menu on a desktop and in the drawer on a phone; a reader finds it in neither', async ({
  page,
  browser,
  problems,
  baseURL,
}) => {
  const owner = await ownerBrowser(browser, problems, baseURL!);
  await owner.page.goto('/login?redirect=%2Farchives');
  await loginThroughForm(owner.page, owner.username, owner.password);
  await expect(owner.page).toHaveURL(/\/archives$/);
  await owner.page.getByTestId('user-menu').click();
  await owner.page.getByRole('menuitem', { name: '管理后台' }).click();
  await expect(owner.page).toHaveURL(/\/admin$/);
  await expect(owner.page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();

  await owner.page.setViewportSize({ width: 375, height: 740 });
  await owner.page.goto('/archives');
  await islandsHydrated(owner.page);
  await owner.page.getByRole('button', { name: '打开导航菜单' }).click();
  await owner.page.getByRole('dialog', { name: '导航' }).getByRole('link', { name: '管理后台' }).click();
  await expect(owner.page).toHaveURL(/\/admin$/);

  const { username, password } = await createAccount(page.request, '不是站长');
  await page.goto('/login');
  await loginThroughForm(page, username, password);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '管理后台' })).toHaveCount(0);
});

test('a reader who opens the console is sent to log in, and an admin who logs in there lands on it', async ({
  page,
}) => {
  const { username, password } = await createOwner();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  await islandsHydrated(page);
  // The figures the screen got: other tests add users on this server at the same time.
  const dashboard = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/dashboard');
  await loginThroughForm(page, username, password);

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '概览' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const { result } = await (await dashboard).json();
  const counts = page.getByTestId('dashboard-counts');
  await expect(counts).toContainText(`收入${formatPrice(result.revenue_cents)}`);
  await expect(counts).toContainText(`用户${result.users}`);
  // The chart library loads with this screen and draws the last 30 days.
  await expect(page.locator('figure canvas')).toBeVisible();
  await expect(page.getByText(/近 30 天共 [\d,]+ 次文章阅读/)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  // Only a path of this site is followed: another host in ?redirect= leads home.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fadmin');
  await islandsHydrated(page);
  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/home$/);
});

test('a user applies for a download through the form, the owner approves it, the applicant hears of it, and it is listed', async ({
  browser,
  problems,
  baseURL,
}) => {
  const { page: applicant, ...account } = await newcomer(browser, problems, baseURL!, '申请下载的人');
  const name = `好工具${Date.now().toString(36)}`;
  // An admin before the application comes, so they hear of it.
  const owner = await ownerBrowser(browser, problems, baseURL!);

  // Not logged in yet: the page offers to log in, and brings the reader back afterwards.
  await applicant.goto('/link/list');
  await islandsHydrated(applicant);
  await applicant.getByRole('link', { name: '申请收录' }).click();
  await expect(applicant).toHaveURL(/\/link\/apply$/);
  await expect(applicant.getByText('登录后才能申请收录下载。')).toBeVisible();
  await applicant.getByRole('link', { name: '去登录' }).click();
  await expect(applicant).toHaveURL(/\/login$/);
  await loginThroughForm(applicant, account.username, account.password);
  await expect(applicant).toHaveURL(/\/link\/apply$/);
  const form = applicant.getByRole('form', { name: '申请收录' });
  const preview = applicant.getByRole('region', { name: '预览' }).getByTestId('link-card');

  // A wrong address is pointed out as soon as the field is left, and the preview does not link it.
  await form.getByLabel('下载地址', { exact: true }).fill('ftp://example.com/tool.zip');
  await form.getByLabel('名称', { exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('下载地址只能以 http:// 或 https:// 开头');
  await expect(preview.getByRole('link')).toHaveCount(0);

  await form.getByLabel('名称', { exact: true }).fill(name);
  await form.getByLabel('简介', { exact: true }).fill('截图、录屏一把抓');
  await form.getByLabel('下载地址', { exact: true }).fill('https://example.com/download/tool.zip');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('radio', { name: '上传图片' }).check();
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: makePng(96, 96) });
  await expect(form.getByRole('img', { name: '已上传的图标' })).toHaveAttribute(
    'src',
    /^(https?:\/\/[^/]+)?\/uploads\//,
  );

  await expect(preview).toContainText(name);
  await expect(preview).toContainText('截图、录屏一把抓');
  await expect(preview.locator('img')).toHaveAttribute('src', /^(https?:\/\/[^/]+)?\/uploads\//);
  await expect(preview.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
    'href',
    'https://example.com/download/tool.zip',
  );

  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(applicant, '申请已提交，等待站长审核')).toBeVisible();
  await expect(form.getByLabel('名称', { exact: true })).toHaveValue('');
  const mine = applicant.getByTestId('my-links').getByRole('listitem').filter({ hasText: name });
  await expect(mine).toContainText('待审核');

  // A pending application can be changed: it comes back into the form and goes back for review.
  await mine.getByRole('button', { name: `修改申请 ${name}` }).click();
  const editForm = applicant.getByRole('form', { name: '修改申请' });
  await expect(editForm.getByLabel('名称', { exact: true })).toHaveValue(name);
  await expect(editForm.getByLabel('名称', { exact: true })).toBeFocused();
  await editForm.getByLabel('简介', { exact: true }).fill('截图、录屏、贴图一把抓');
  await editForm.getByRole('button', { name: '保存并重新提交' }).click();
  await expect(toast(applicant, '修改已提交，等待站长重新审核')).toBeVisible();
  await expect(applicant.getByRole('form', { name: '申请收录' })).toBeVisible();
  await expect(applicant.getByTestId('my-links').getByRole('listitem').filter({ hasText: name })).toHaveCount(1);

  // The owner hears of it in the bell, and the notice leads to the review.
  await owner.page.goto('/login?redirect=%2Fhome');
  await loginThroughForm(owner.page, owner.username, owner.password);
  await expect(owner.page).toHaveURL(/\/home$/);
  await owner.page.getByTestId('notify-bell').click();
  const notice = owner.page
    .getByRole('dialog', { name: '我的消息' })
    .getByRole('listitem')
    .filter({ hasText: '有新的下载申请' })
    .filter({ hasText: name })
    .first();
  await notice.getByRole('button', { name: new RegExp(name) }).click();
  await expect(owner.page).toHaveURL(/\/admin\/links$/);
  await expect(
    owner.page.getByRole('group', { name: '按状态筛选' }).getByRole('button', { name: '待审核' }),
  ).toHaveAttribute('aria-pressed', 'true');
  const row = owner.page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('截图、录屏、贴图一把抓');
  await row.getByRole('button', { name: '通过', exact: true }).click();
  await expect(toast(owner.page, '已通过')).toBeVisible();
  await expect(row).toHaveCount(0);
  await owner.page.getByRole('group', { name: '按状态筛选' }).getByRole('button', { name: '已通过' }).click();
  await expect(owner.page.getByRole('row').filter({ hasText: name })).toContainText('已通过');

  // The count refreshes on the next page the applicant opens.
  await applicant.goto('/home');
  await expect(applicant.getByTestId('notify-badge')).toHaveText('1');
  await applicant.getByTestId('notify-bell').click();
  const drawer = applicant.getByRole('dialog', { name: '我的消息' });
  await expect(drawer.getByRole('listitem').first()).toContainText(`你的下载申请 ${name} 已通过`);
  await applicant.keyboard.press('Escape');

  await applicant.goto('/link/list');
  const card = applicant.getByTestId('link-card').filter({ hasText: name });
  await expect(card).toContainText('截图、录屏、贴图一把抓');
  await expect(card.locator('img')).toHaveAttribute('src', /^(https?:\/\/[^/]+)?\/uploads\//);
  const link = card.getByRole('link', { name: new RegExp(name) });
  await expect(link).toHaveAttribute('href', 'https://example.com/download/tool.zip');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');

  // Approved, it can no longer be changed by its applicant.
  await applicant.goto('/link/apply');
  const approved = applicant.getByTestId('my-links').getByRole('listitem').filter({ hasText: name });
  await expect(approved).toContainText('已通过');
  await expect(approved.getByRole('button')).toHaveCount(0);
});

test('the owner deletes a comment in moderation, and it is gone from the article', async ({
  page,
  request,
  browser,
  problems,
  baseURL,
}) => {
  const writer = await createAccount(request, '说错话的人');
  const login = await request.post('/api/user/login', {
    headers: XHR,
    data: { username: writer.username, password: writer.password, cookie: true },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await page.goto('/home');
  const articlePath = (await page.locator('main a[href^="/article/"]').first().getAttribute('href'))!;
  const articleId = Number(articlePath.split('/').pop());
  const words = `这条评论要被删掉 ${Date.now().toString(36)}`;
  const added = await request.post('/api/comment/add', {
    headers: XHR,
    data: { type: 1, for_id: articleId, content: words },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto(articlePath);
  const comments = page.getByTestId('comments');
  await comments.scrollIntoViewIfNeeded();
  await expect(comments.getByText(words)).toBeVisible();
  const before = Number((await comments.getByText(/^\d+ 条评论$/).textContent())!.split(' ')[0]);

  const owner = await ownerBrowser(browser, problems, baseURL!);
  await owner.page.goto('/admin/moderation');
  await expect(owner.page.getByRole('tab', { name: '评论', exact: true })).toHaveAttribute('aria-selected', 'true');
  const search = owner.page.getByRole('searchbox', { name: '搜索评论' });
  await search.fill(words);
  await search.press('Enter');
  const row = owner.page.getByRole('row').filter({ hasText: words });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('说错话的人');
  await expect(row.getByRole('link', { name: `文章 #${articleId}` })).toHaveAttribute('href', articlePath);
  await row.getByRole('button', { name: '删除' }).click();
  await row.getByRole('group', { name: '删除这条评论（连同回复）吗？' }).getByRole('button', { name: '确定' }).click();
  await expect(toast(owner.page, '已删除')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(owner.page.getByText('没有记录')).toBeVisible();

  await page.reload();
  await comments.scrollIntoViewIfNeeded();
  await expect(comments.getByText(`${before - 1} 条评论`)).toBeVisible();
  await expect(comments.getByText(words)).toHaveCount(0);
});

test("the owner sees the server refuse to disable their own account, and changes another user's role", async ({
  request,
  browser,
  problems,
  baseURL,
}) => {
  const someone = await createAccount(request, '将成为管理员的人');
  const owner = await ownerBrowser(browser, problems, baseURL!);
  await owner.page.goto('/admin/users');
  const search = owner.page.getByRole('searchbox', { name: '搜索用户' });

  await search.fill(owner.username);
  await owner.page.getByRole('button', { name: '搜索', exact: true }).click();
  const me = owner.page.getByRole('row').filter({ hasText: owner.username });
  await expect(me.getByRole('cell', { name: '管理员', exact: true })).toBeVisible();
  await me.getByRole('button', { name: '停用', exact: true }).click();
  await me
    .getByRole('group', { name: '停用后他会立即退出登录，确定吗？' })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(owner.page.getByRole('alert')).toHaveText('不能停用自己的账号');
  await expect(me.getByRole('cell', { name: '正常', exact: true })).toBeVisible();

  await search.fill(someone.username);
  await search.press('Enter');
  const other = owner.page.getByRole('row').filter({ hasText: someone.username });
  await expect(other.getByRole('cell', { name: '普通用户', exact: true })).toBeVisible();
  await other.getByRole('button', { name: '设为管理员' }).click();
  await other.getByRole('group', { name: '确定把他设为管理员吗？' }).getByRole('button', { name: '确定' }).click();
  await expect(toast(owner.page, '角色已修改')).toBeVisible();
  await expect(other.getByRole('cell', { name: '管理员', exact: true })).toBeVisible();
  await expect(other.getByRole('button', { name: '设为普通用户' })).toBeVisible();
  await expect(owner.page.getByRole('alert')).toBeHidden();
});

test('the owner confirms a manual payment in the orders screen, finds its license and revokes it', async ({
  request,
  browser,
  problems,
  baseURL,
}) => {
  const buyer = await createAccount(request, '手动付款的买家');
  const login = await request.post('/api/user/login', {
    headers: XHR,
    data: { username: buyer.username, password: buyer.password, cookie: true },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const ordered = await request.post('/api/shop/order', { headers: XHR, data: { product: 'xxx-sd', plan: 'month' } });
  expect(ordered.ok(), await ordered.text()).toBe(true);
  const { order_no: orderNo, amount_cents: amount } = (await ordered.json()).result as {
    order_no: string;
    amount_cents: number;
  };

  const owner = await ownerBrowser(browser, problems, baseURL!);
  await owner.page.goto('/admin/orders');
  await owner.page.getByLabel('按状态筛选').selectOption('pending');
  const row = owner.page.getByRole('region', { name: '订单表格' }).getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('手动付款的买家');
  await expect(row).toContainText(formatPrice(amount));
  await expect(row).toContainText('待支付');
  await row.getByRole('button', { name: '确认收款' }).click();
  await row.getByRole('group', { name: '确认已经收到这笔付款吗？' }).getByRole('button', { name: '确定' }).click();
  await expect(owner.page.getByRole('status').getByText('已确认收款，激活码已发放')).toBeVisible();
  // Fulfilled, it leaves the pending orders; among all of them it shows as done.
  await expect(row).toHaveCount(0);
  await owner.page.getByLabel('按状态筛选').selectOption('');
  await expect(row).toContainText('已完成');
  const payments = owner.page.getByRole('region', { name: '收款记录表格' });
  await expect(payments.getByRole('row').filter({ hasText: orderNo })).toContainText('手动确认');

  await row.getByRole('link', { name: '查看授权' }).click();
  await expect(owner.page).toHaveURL(new RegExp(`/admin/licenses\\?order_no=${orderNo}$`));
  const license = owner.page.getByTestId('admin-license').filter({ hasText: orderNo });
  await expect(license).toContainText('有效');
  await expect(license).toContainText('设备 0/1');
  await license.getByRole('button', { name: '吊销' }).click();
  await license
    .getByRole('group', { name: '吊销后激活码立即失效（不退款），确定吗？' })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(owner.page.getByRole('status').getByText('已吊销')).toBeVisible();
  await expect(license).toContainText('已吊销');
  await expect(license.getByRole('button', { name: '吊销' })).toHaveCount(0);
});

test('a console list that fails to load offers to try again, and loads when asked', async ({
  browser,
  problems,
  baseURL,
}) => {
  problems.allow(/Failed to load resource: the server responded with a status of 500/);
  const owner = await ownerBrowser(browser, problems, baseURL!);
  const broken = (route: import('@playwright/test').Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 500, message: '服务器错误', result: null }),
    });
  for (const [screen, api, loaded] of [
    ['/admin/talks', '**/api/admin/writing/talks*', () => owner.page.getByRole('button', { name: '编辑' }).first()],
    ['/admin/taxonomy', '**/api/admin/writing/taxonomy', () => owner.page.getByRole('table', { name: '分类' })],
  ] as const) {
    await owner.page.route(api, broken);
    await owner.page.goto(screen);
    const retry = owner.page.getByRole('button', { name: '加载失败，点这里重试' });
    await expect(retry).toBeVisible();
    await owner.page.unroute(api, broken);
    await retry.click();
    await expect(retry).toBeHidden();
    await expect(owner.page.getByText('加载中…')).toHaveCount(0);
    await expect(loaded()).toBeVisible();
  }
  await owner.context.close();
});

test('导出全部 on the dashboard downloads the whole site as one zip', async ({ browser, problems, baseURL }) => {
  const owner = await ownerBrowser(browser, problems, baseURL!);
  await owner.page.goto('/admin');
  const exportAll = owner.page.getByRole('link', { name: '导出全部' });
  await expect(exportAll).toBeVisible();
  const [download] = await Promise.all([owner.page.waitForEvent('download'), exportAll.click()]);
  expect(download.suggestedFilename()).toMatch(/^blog-export-\d{8}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(JSON.parse(strFromU8(files['manifest.json']))).toMatchObject({ format: 'mengblog-export' });
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['data/users.json', 'data/comments.json']));
  expect(Object.keys(files).filter((path) => path.startsWith('articles/')).length).toBeGreaterThan(0);
  // The page stays where it was: a download, not a navigation.
  await expect(owner.page).toHaveURL(/\/admin$/);
  await owner.context.close();
});

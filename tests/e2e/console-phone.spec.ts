/**
 * The owner's console on a phone: the menu button opens the screens' drawer, a tap leads to
 * another screen (from the article editor too), and every screen fits 360–390 px with all its
 * controls on screen and big enough to tap.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount } from './helpers';
import { ownerBrowser } from './owner';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PHONE_WIDTHS = [360, 375, 390];
/** The least target size of WCAG 2.2 (2.5.8). */
const TAP = 24;

test.use({ hasTouch: true });

/** The drawer of console screens, opened from the bar's menu button. */
async function openNav(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: '后台导航' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: '打开后台导航' }).tap();
  await expect(nav).toBeVisible();
  return nav;
}

test('at 375 px the menu button opens the console’s screens, and a tap leads to another, from the article editor too', async ({
  browser,
  problems,
  baseURL,
}) => {
  const owner = await ownerBrowser(browser, problems, baseURL!);
  const { page } = owner;
  await page.setViewportSize({ width: 375, height: 740 });

  await page.goto('/admin');
  let nav = await openNav(page);
  await expect(nav.getByRole('link', { name: '概览' })).toHaveAttribute('aria-current', 'page');
  // Every screen is there, whole and side by side with none other.
  for (const name of ['概览', '文章', '说说', '分类和标签', '审核', '下载申请', '用户', '订单', '授权'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
  // A tap beside the drawer closes it, as Escape does.
  await page.mouse.click(370, 400);
  await expect(nav).toBeHidden();
  nav = await openNav(page);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();

  nav = await openNav(page);
  await nav.getByRole('link', { name: '文章', exact: true }).tap();
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await expect(page.getByRole('heading', { level: 1, name: '文章' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '后台导航' })).toBeHidden();

  await page.getByRole('link', { name: '写文章' }).tap();
  await expect(page).toHaveURL(/\/admin\/articles\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: '写文章' })).toBeVisible();
  nav = await openNav(page);
  await nav.getByRole('link', { name: '审核', exact: true }).tap();
  await expect(page).toHaveURL(/\/admin\/moderation$/);
  await expect(page.getByRole('tab', { name: '评论', exact: true })).toBeVisible();

  nav = await openNav(page);
  await nav.getByRole('link', { name: '回到网站' }).tap();
  await expect(page).toHaveURL(/\/home$/);
  await owner.context.close();
});

/** Something for every screen to list: a comment, a message, a download application, an order waiting and one paid. */
async function fillTheConsole(request: APIRequestContext, ownerRequest: APIRequestContext): Promise<number> {
  const reader = await createAccount(request, '手机上看后台的读者昵称');
  const login = await request.post('/api/user/login', {
    headers: XHR,
    data: { username: reader.username, password: reader.password, cookie: true },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const readerId = (await login.json()).result.id as number;
  const calls: [string, unknown][] = [
    [
      '/api/comment/add',
      {
        type: 1,
        for_id: 2,
        content: '一条很长的评论：https://example.com/a/very/long/address/without/any/place/to/break/it/in/two',
      },
    ],
    ['/api/message/add', { message: '留言板上的一条留言，看看手机上的后台怎么排' }],
    [
      '/api/links/add',
      {
        site_name: '手机上审核的下载工具',
        site_desc: '把重复的键鼠操作录成脚本',
        url: 'https://download.example.com/some/very/long/path/tool-setup-v1.2.3.zip',
      },
    ],
    ['/api/shop/order', { product: 'xxx-sd', plan: 'month' }],
  ];
  for (const [path, data] of calls) {
    const res = await request.post(path, { headers: XHR, data });
    expect(res.ok(), `${path}：${await res.text()}`).toBe(true);
  }
  const paid = await request.post('/api/shop/order', { headers: XHR, data: { product: 'xxx-mj', plan: 'year' } });
  const { order_no: orderNo } = (await paid.json()).result as { order_no: string };
  const confirmed = await ownerRequest.put(`/api/shop/admin/confirm/${orderNo}`, { headers: XHR });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return readerId;
}

/**
 * What a phone's reader would find wrong: the page scrolling sideways, and every control that is
 * shown (a link, a button, a field, a box to tick, whose label is its target when it has one)
 * smaller than 24 × 24 px or not wholly across the screen.
 */
function layoutProblems(page: Page) {
  return page.evaluate((tap) => {
    const problems: string[] = [];
    const width = innerWidth;
    const scrollWidth = document.scrollingElement!.scrollWidth;
    if (scrollWidth > width) problems.push(`页面横向滚动：${scrollWidth} > ${width}`);
    let checked = 0;
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary',
    );
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true })) continue;
      checked++;
      const target =
        (control instanceof HTMLInputElement &&
          ['checkbox', 'radio'].includes(control.type) &&
          control.closest('label')) ||
        control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name =
        (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 20) ||
        control.outerHTML.slice(0, 60);
      if (box.width < tap - 0.5 || box.height < tap - 0.5)
        problems.push(`「${name}」只有 ${Math.round(box.width)}×${Math.round(box.height)} px`);
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(`「${name}」在屏幕外（${Math.round(box.left)}–${Math.round(box.right)}）`);
    }
    return { problems, checked };
  }, TAP);
}

test('every console screen fits 360–390 px: no sideways scroll, every control on screen and at least 24 × 24 px', async ({
  request,
  browser,
  problems,
  baseURL,
}) => {
  const owner = await ownerBrowser(browser, problems, baseURL!);
  const readerId = await fillTheConsole(request, owner.context.request);
  const { page } = owner;
  await page.setViewportSize({ width: 375, height: 740 });

  const screens: [string, () => Promise<unknown>][] = [
    ['/admin', () => expect(page.locator('figure canvas')).toBeVisible()],
    [
      '/admin/articles',
      () =>
        expect(
          page.getByRole('region', { name: '文章表格' }).getByRole('button', { name: '移到回收站' }).first(),
        ).toBeVisible(),
    ],
    ['/admin/articles/new', () => expect(page.getByRole('textbox', { name: '标题' })).toBeVisible()],
    ['/admin/talks', () => expect(page.getByRole('button', { name: '编辑' }).first()).toBeVisible()],
    ['/admin/taxonomy', () => expect(page.getByRole('table', { name: '分类' })).toBeVisible()],
    [
      '/admin/moderation',
      () =>
        expect(
          page.getByRole('region', { name: '评论表格' }).getByRole('button', { name: '删除' }).first(),
        ).toBeVisible(),
    ],
    [
      '/admin/moderation',
      async () => {
        await page.getByRole('tab', { name: '评论规则' }).tap();
        await expect(page.getByRole('button', { name: '保存规则' })).toBeVisible();
      },
    ],
    [
      '/admin/users',
      () =>
        expect(
          page.getByRole('region', { name: '用户表格' }).getByRole('button', { name: '生成重置链接' }).first(),
        ).toBeVisible(),
    ],
    [
      '/admin/links',
      () =>
        expect(
          page.getByRole('region', { name: '下载申请表格' }).getByRole('button', { name: '通过', exact: true }).first(),
        ).toBeVisible(),
    ],
    ['/admin/orders', () => expect(page.getByRole('region', { name: '收款记录表格' })).toBeVisible()],
    [
      '/admin/licenses',
      async () => {
        await page.getByLabel('查找方式').selectOption('user_id');
        await page.getByRole('textbox', { name: '用户 ID' }).fill(String(readerId));
        await page.getByRole('button', { name: '查找', exact: true }).tap();
        await expect(page.getByTestId('admin-license').first()).toBeVisible();
      },
    ],
  ];
  for (const [path, loaded] of screens) {
    await page.goto(path);
    await loaded();
    await expect(page.getByText('加载中…')).toHaveCount(0);
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      const { problems, checked } = await layoutProblems(page);
      expect(problems, `${path}，${width} px`).toEqual([]);
      expect(checked, `${path}：检查过的控件`).toBeGreaterThanOrEqual(5);
    }
    await page.setViewportSize({ width: 375, height: 740 });
  }

  // The rows' actions are on screen: a tap on one does what it says.
  await page.goto('/admin/articles');
  const bin = page.getByRole('region', { name: '文章表格' }).getByRole('button', { name: '移到回收站' }).first();
  await bin.tap();
  await expect(page.getByRole('group', { name: /回收站/ }).getByRole('button', { name: '取消' })).toBeInViewport({
    ratio: 1,
  });
  await page
    .getByRole('group', { name: /回收站/ })
    .getByRole('button', { name: '取消' })
    .tap();
  await page.getByRole('button', { name: '回收站', exact: true }).tap();
  await expect(page.getByRole('button', { name: '回收站', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await owner.context.close();
});

/**
 * The shop from the buyer's side: choosing a plan, logging in first, a refused order, paying by
 * hand, the owner's confirmation reaching the open order page, and the license in the user centre.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { MAX_PENDING_ORDERS } from '../../src/contract/limits';
import { expect, test } from './fixtures';
import { createAccount, islandsHydrated, loginThroughForm } from './helpers';
import { createOwner, ownerBrowser } from './owner';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * A session of the site's owner: the admin is made the way an owner makes one, with
 * `npm run admin:create` on the server's database, then logs in through the API.
 */
async function ownerSession(newContext: () => Promise<APIRequestContext>): Promise<APIRequestContext> {
  const { username, password } = await createOwner();
  const owner = await newContext();
  const res = await owner.post('/api/user/login', { headers: XHR, data: { username, password, cookie: true } });
  expect(res.ok(), await res.text()).toBe(true);
  return owner;
}

const plan = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: '选择套餐' }).getByRole('radio', { name: new RegExp(`^${name} `) });
const buyButton = (page: Page) => page.getByRole('button', { name: '立即购买' });

test('an anonymous reader who presses buy logs in first, comes back to the product with the plan kept, and sees why an order is refused', async ({
  page,
  request,
}) => {
  const { username, password, nickName } = await createAccount(request, '先看看的读者');
  await page.goto('/pay/xxx-sd');
  await islandsHydrated(page);
  await expect(page.getByText('购买前需要登录，登录后会回到这里')).toBeVisible();
  await expect(plan(page, '月卡')).toBeChecked();
  await plan(page, '年卡').click();
  await expect(plan(page, '年卡')).toBeChecked();

  await buyButton(page).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/pay\/xxx-sd$/);
  await expect(page.getByTestId('user-menu')).toContainText(nickName);
  await expect(plan(page, '年卡')).toBeChecked();
  await expect(page.getByText('购买前需要登录')).toHaveCount(0);

  // Orders waiting for payment up to the limit (placed elsewhere, say on a phone): the next is refused.
  // Each of another product's plans: the same plan bought again soon after would be the same order.
  const elsewhere = ['month', 'year', 'lifetime'].map((id) => ({ product: 'xxx-mj', plan: id }));
  expect(elsewhere.length).toBeGreaterThanOrEqual(MAX_PENDING_ORDERS);
  for (let i = 0; i < MAX_PENDING_ORDERS; i++) {
    const res = await page.request.post('/api/shop/order', { headers: XHR, data: elsewhere[i] });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await buyButton(page).click();
  await expect(page.getByRole('alert')).toContainText(`你已有 ${MAX_PENDING_ORDERS} 个待支付的订单`);
  await expect(page).toHaveURL(/\/pay\/xxx-sd$/);
  await expect(plan(page, '年卡')).toBeChecked();
  await expect(buyButton(page)).toBeEnabled();
  // Choosing again clears the refusal.
  await plan(page, '永久').click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a buyer orders a plan and says 我已付款, the owner hears of it and confirms on a phone, and the open order page shows the license, which the user centre lists with its order', async ({
  page,
  context,
  request,
  browser,
  problems,
  baseURL,
}) => {
  // The owner is told of every new order: they are an admin before the buyer orders.
  const owner = await ownerBrowser(browser, problems, baseURL!);
  await owner.page.setViewportSize({ width: 375, height: 740 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  const buyer = await createAccount(request, '买激活码的人');
  await page.goto('/login');
  await loginThroughForm(page, buyer.username, buyer.password);
  await expect(page.getByTestId('user-menu')).toContainText('买激活码的人');

  await page.goto('/pay');
  await page.getByRole('link', { name: '小咸鱼 · 一键助手' }).click();
  await expect(page).toHaveURL(/\/pay\/xxx-sd$/);
  await islandsHydrated(page);
  // The plans are one radio group: the arrow keys move between them.
  await plan(page, '永久').click();
  await page.keyboard.press('ArrowLeft');
  await expect(plan(page, '年卡')).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(plan(page, '月卡')).toBeChecked();
  await expect(plan(page, '月卡')).toBeFocused();

  await buyButton(page).click();
  await expect(page).toHaveURL(/\/pay\/order\?no=\d+$/);
  const orderNo = new URL(page.url()).searchParams.get('no')!;
  // Back to the plans and buy again, as a buyer whose first answer was slow might: the same order, not a second.
  await page.goBack();
  await expect(page).toHaveURL(/\/pay\/xxx-sd$/);
  await expect(plan(page, '月卡')).toBeChecked();
  await buyButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/pay/order\\?no=${orderNo}$`));
  const status = page.getByTestId('order-status');
  await expect(status).toContainText('待支付');
  await expect(page.getByRole('heading', { name: '小咸鱼 · 一键助手 · 月卡' })).toBeVisible();
  await expect(page.getByTestId('pay-amount')).toHaveText('¥29.00');
  await expect(page.getByTestId('pay-order-no')).toHaveText(orderNo);
  for (const name of ['微信支付', '支付宝']) {
    const code = page.getByRole('img', { name: `${name}收款码` });
    await expect(code).toBeVisible();
    await expect
      .poll(() => code.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByRole('figure').filter({ has: code })).toContainText(name);
  }
  const { pay } = (await (await page.request.get(`/api/shop/order/${orderNo}`)).json()).result as {
    pay: { instructions: string };
  };
  await expect(page.getByText(pay.instructions)).toBeVisible();
  // A manual payment has a day to be made and seen, not minutes.
  await expect(page.getByRole('timer')).toHaveText(/^2[34]:\d\d:\d\d$/);

  // The page must change by itself: a reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('button', { name: '我已付款' }).click();
  await expect(status).toContainText('等待站长确认');
  await expect(page.getByTestId('reported')).toContainText('7 天内订单不会过期');
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '我已付款' })).toHaveCount(0);

  // The owner, on a phone: the bell says so, its message leads to the orders, where the payment is confirmed.
  await owner.page.goto('/login');
  await loginThroughForm(owner.page, owner.username, owner.password);
  const bell = owner.page.getByTestId('notify-bell');
  await expect(bell).toBeInViewport();
  await expect(owner.page.getByTestId('notify-badge')).toHaveText('2');
  await bell.click();
  const notice = owner.page
    .getByRole('dialog', { name: '我的消息' })
    .getByRole('listitem')
    .filter({ hasText: '买家说已经付款' });
  await expect(notice).toContainText(orderNo);
  await notice.getByRole('button', { name: /买家说已经付款/ }).click();
  await expect(owner.page).toHaveURL(/\/admin\/orders$/);
  const row = owner.page.getByTestId('admin-order').filter({ hasText: orderNo });
  await expect(row).toContainText('等待站长确认');
  await row.getByRole('button', { name: '确认收款' }).click();
  await row.getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已完成');
  expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await owner.context.close();

  await expect(status).toContainText('已完成');
  const key = page.getByTestId('license-key');
  await expect(key).toHaveText(/^LIC1\./);
  const confirmed = { license_key: (await key.textContent())! };
  await expect(page.getByRole('img', { name: '微信支付收款码' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await page.getByRole('button', { name: '复制激活码' }).click();
  await expect(page.getByText('已复制')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(confirmed.license_key);
  expect(copied.startsWith('LIC1.')).toBe(true);

  await page.getByRole('link', { name: '查看我的全部订单' }).click();
  await expect(page).toHaveURL(/\/userCenter$/);
  const order = page.getByTestId('my-orders').getByRole('listitem').filter({ hasText: orderNo });
  await expect(order).toContainText('小咸鱼 · 一键助手 · 月卡');
  await expect(order).toContainText('已完成');
  await expect(order).toContainText('¥29.00');
  await expect(order.getByRole('link', { name: `查看订单 ${orderNo}` })).toHaveAttribute(
    'href',
    `/pay/order?no=${orderNo}`,
  );
  // The orders placed by the other test belong to another account.
  await expect(page.getByTestId('my-orders').getByRole('listitem')).toHaveCount(1);

  const license = page.getByTestId('my-license').filter({ hasText: orderNo });
  await expect(license.locator('code').first()).toHaveText(copied);
  await expect(license).toContainText('有效');
  await expect(license).toContainText('到期时间');
  await expect(license).toContainText('已激活 0/1 台设备');
  await expect(license.getByRole('link', { name: orderNo })).toHaveAttribute('href', `/pay/order?no=${orderNo}`);

  // The tool activates the key on a machine; the buyer frees that machine from the user centre.
  const fingerprint = `e2e-machine-${Date.now().toString(36)}-0123456789abcdef`;
  const activated = await request.post('/api/license/activate', {
    headers: XHR,
    data: { key: copied, fingerprint, name: '办公室电脑' },
  });
  expect(activated.ok(), await activated.text()).toBe(true);
  await page.reload();
  const machines = license.getByRole('list', { name: '小咸鱼 · 一键助手已激活的设备' });
  const machine = machines.getByRole('listitem').filter({ hasText: '办公室电脑' });
  await expect(machine).toContainText(`${fingerprint.slice(0, 8)}…${fingerprint.slice(-4)}`);
  await expect(license).toContainText('已激活 1/1 台设备');
  await machine.getByRole('button', { name: '解绑' }).click();
  await machine.getByRole('group', { name: '确定解绑这台设备吗？' }).getByRole('button', { name: '取消' }).click();
  await expect(machine).toBeVisible();
  await machine.getByRole('button', { name: '解绑' }).click();
  await machine.getByRole('group', { name: '确定解绑这台设备吗？' }).getByRole('button', { name: '确定' }).click();
  await expect(license).toContainText('已激活 0/1 台设备');
  await expect(license).toContainText('还没有在任何设备上激活');
  const validated = await request.post('/api/license/validate', { headers: XHR, data: { key: copied, fingerprint } });
  expect((await validated.json()).result).toMatchObject({ valid: false, code: 'NOT_ACTIVATED' });
});

test('a refunded order says so on its page, and its license shows as no longer valid', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const buyer = await createAccount(request, '退款的买家');
  await page.goto('/login');
  await loginThroughForm(page, buyer.username, buyer.password);
  await expect(page.getByTestId('user-menu')).toContainText('退款的买家');
  const created = await page.request.post('/api/shop/order', {
    headers: XHR,
    data: { product: 'xxx-mj', plan: 'lifetime' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const orderNo = (await created.json()).result.order_no as string;
  const owner = await ownerSession(() =>
    playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.99.0.2' } }),
  );
  expect((await owner.put(`/api/shop/admin/confirm/${orderNo}`, { headers: XHR })).ok()).toBe(true);

  // The address the payment provider sends the buyer back to names the order as out_trade_no.
  await page.goto(`/pay/order?out_trade_no=${orderNo}&trade_status=TRADE_SUCCESS`);
  const status = page.getByTestId('order-status');
  await expect(status).toContainText('已完成');
  await expect(page.getByTestId('license-key')).toHaveText(/^LIC1\./);

  expect((await owner.put(`/api/shop/admin/refund/${orderNo}`, { headers: XHR })).ok()).toBe(true);
  await owner.dispose();
  await page.reload();
  await expect(status).toContainText('已退款');
  await expect(status).toContainText('订单已退款，它的激活码已失效');
  await expect(page.getByTestId('license-key')).toHaveCount(0);

  await page.goto('/userCenter');
  const order = page.getByTestId('my-orders').getByRole('listitem').filter({ hasText: orderNo });
  await expect(order).toContainText('已退款');
  await expect(order).toContainText('¥499.00');
  const license = page.getByTestId('my-license').filter({ hasText: orderNo });
  await expect(license).toContainText('小咸鱼 · 绘图工坊 · 永久');
  await expect(license).toContainText('已失效');
  await expect(license).toContainText('永久');
});

test('the order page tells a reader who is not logged in to log in, and one whose order it is not that it was not found', async ({
  page,
  request,
}) => {
  await page.goto('/pay/order?no=20260101123456789012345678');
  await expect(page.getByText('登录后才能查看订单')).toBeVisible();
  await page.getByRole('link', { name: '去登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const reader = await createAccount(request, '别人的读者');
  await loginThroughForm(page, reader.username, reader.password);
  await expect(page).toHaveURL(/\/pay\/order\?no=20260101123456789012345678$/);
  await expect(page.getByText('没有找到这个订单')).toBeVisible();

  await page.goto('/pay/order');
  await expect(page.getByText('链接里没有订单号')).toBeVisible();
});

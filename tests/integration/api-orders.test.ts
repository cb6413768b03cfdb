/** Orders with the default `manual` provider: buying, the owner's confirmation, refunds, limits and the expiry sweep. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANUAL_PAY_HOURS,
  MAX_PENDING_ORDERS,
  MAX_REPORTED_ORDERS,
  ORDERS_PER_MINUTE,
  REPORTED_WAIT_DAYS,
} from '../../src/contract/limits';
import { NOTIFICATION_TYPE } from '../../src/contract/notifications';
import { compactDate } from '../../src/lib/shared/time';
import { RESENT_WITHIN_MINUTES } from '../../src/server/shared/resent';
import type { CreatedOrder, LicenseItem, OrderItem, ProductItem } from '../../src/contract/shop';
import { verifyLicenseKey } from '../../src/server/licenses/keys';
import type { ApiClient } from './api';
import { secondsEarlier, secondsFromNow } from './databases';
import { newPerson, ownerLogin, startOwnedApi, type Person } from './people';
import { buy, EACH_PLAN, orderOf } from './shop';

const BLOCK = 71;
let api: ApiClient;
let owner: Person;
let products: ProductItem[];
let publicKey: string;
beforeAll(async () => {
  // A sweep every second, so the expiry test need not wait a minute.
  api = await startOwnedApi({ ORDER_SWEEP_SECONDS: '1' });
  owner = await ownerLogin(api, BLOCK);
  products = (await api.call('GET', '/shop/products')).body.result;
  publicKey = (await api.call('GET', '/license/public-key')).body.result;
});
afterAll(() => api?.stop());

let people = 0;
const someone = () => newPerson(api, `buyer${++people}`, BLOCK);
const confirm = (orderNo: string, who: Person | null = owner) =>
  api.call('PUT', `/shop/admin/confirm/${orderNo}`, { headers: who?.auth });
const refund = (orderNo: string, who: Person | null = owner) =>
  api.call('PUT', `/shop/admin/refund/${orderNo}`, { headers: who?.auth });

/** Polls until `check` holds; the sweep runs on its own clock. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, tries = 100): Promise<T> {
  let value = await read();
  for (let i = 0; i < tries && !check(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe('POST /api/shop/order', () => {
  it('makes a pending order at the product file’s price, with the owner’s QR codes and the order number to write in the note', async () => {
    const buyer = await someone();
    const product = products[0];
    const plan = product.plans[product.plans.length - 1];
    const before = Date.now();
    const res = await buy(api, buyer, { product: product.slug, plan: plan.id, provider: 'manual' });
    const answered = Date.now();
    expect(res.status).toBe(200);
    const order = res.body.result as CreatedOrder;
    expect(order.amount_cents).toBe(plan.price_cents);
    expect(order.status).toBe('pending');
    expect(order.order_no).toMatch(/^\d{26}$/);
    // The site's date (UTC+8), not UTC's: an order at 01:00 in Beijing is numbered with that day.
    expect([compactDate(new Date(before)), compactDate(new Date())]).toContain(order.order_no.slice(0, 8));
    expect(order.pay.kind).toBe('manual');
    expect(order.pay.qrcodes?.map((code) => code.name)).toEqual(['微信支付', '支付宝']);
    expect(order.pay.instructions).toContain(order.order_no);
    // A manual payment waits for the owner to see the money: hours, not 易支付's minutes.
    // Between the request and its answer: a second may turn over meanwhile, and the server counts whole seconds.
    const expires = Date.parse(order.expires_at);
    expect(expires).toBeGreaterThan(before + (MANUAL_PAY_HOURS * 60 - 1) * 60_000);
    expect(expires).toBeLessThanOrEqual(answered + MANUAL_PAY_HOURS * 3600_000);
    const [row] = await api.sql('SELECT user_id, amount_cents, status FROM orders WHERE order_no = ?', [
      order.order_no,
    ]);
    expect(row).toMatchObject({ user_id: buyer.id, amount_cents: plan.price_cents, status: 'pending' });
  });

  it('ignores any amount the client sends, and gives each order its own unguessable number', async () => {
    const buyer = await someone();
    const plan = products[0].plans[0];
    const a = (await buy(api, buyer, { product: products[0].slug, plan: plan.id, amount_cents: 1, price_cents: 1 }))
      .body.result as CreatedOrder;
    // Another plan: the same one bought again soon after is the same order (next test).
    const b = (await buy(api, buyer, { product: products[0].slug, plan: products[0].plans[1].id })).body
      .result as CreatedOrder;
    expect(a.amount_cents).toBe(plan.price_cents);
    expect(a.order_no).not.toBe(b.order_no);
    expect(a.order_no.slice(8)).not.toBe(b.order_no.slice(8));
  });

  it(`gives back the open order when the same plan is bought again within ${RESENT_WITHIN_MINUTES} minutes, told to the owner once`, async () => {
    const buyer = await someone();
    const [product] = products;
    const [month, year] = product.plans;
    const ordersOf = async (who: Person) =>
      (await api.sql('SELECT order_no FROM orders WHERE user_id = ? ORDER BY id', [who.id])).map((row) =>
        String(row.order_no),
      );
    const toldOwner = async (orderNo: string) =>
      (
        await api.sql(
          'SELECT n.id FROM notifications n JOIN orders o ON o.id = n.to_id WHERE n.type = ? AND o.order_no = ?',
          [NOTIFICATION_TYPE.ownerOrder, orderNo],
        )
      ).length;

    // The first answer lost on the way, the buyer presses again: the same order, with its payment step.
    const first = (await buy(api, buyer, { product: product.slug, plan: month.id })).body.result as CreatedOrder;
    const again = await buy(api, buyer, { product: product.slug, plan: month.id });
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual(first);
    expect(await ordersOf(buyer)).toEqual([first.order_no]);
    expect(await toldOwner(first.order_no)).toBe(1);
    // Two presses at once are one order too.
    const quick = await someone();
    const [a, b] = await Promise.all([
      buy(api, quick, { product: product.slug, plan: year.id }),
      buy(api, quick, { product: product.slug, plan: year.id }),
    ]);
    expect(a.body.result.order_no).toBe(b.body.result.order_no);
    expect(await ordersOf(quick)).toEqual([a.body.result.order_no]);
    expect(await toldOwner(a.body.result.order_no)).toBe(1);

    // Said to be paid, the order is done with: buying the plan again makes a new one.
    expect((await api.call('PUT', `/shop/order/${first.order_no}/paid`, { headers: buyer.auth })).status).toBe(200);
    const second = (await buy(api, buyer, { product: product.slug, plan: month.id })).body.result as CreatedOrder;
    expect(second.order_no).not.toBe(first.order_no);
    // So is one made longer ago than the window.
    await api.sql(`UPDATE orders SET created_at = ${secondsEarlier('created_at')} WHERE order_no = ?`, [
      RESENT_WITHIN_MINUTES * 60 + 1,
      second.order_no,
    ]);
    const third = (await buy(api, buyer, { product: product.slug, plan: month.id })).body.result as CreatedOrder;
    expect(third.order_no).not.toBe(second.order_no);
    expect(await ordersOf(buyer)).toEqual([first.order_no, second.order_no, third.order_no]);
  });

  it('makes a new order instead of giving back one with less than half its time to pay left, or one on terms since changed', async () => {
    const buyer = await someone();
    const body = { product: products[0].slug, plan: products[0].plans[0].id };
    const first = (await buy(api, buyer, body)).body.result as CreatedOrder;
    await api.sql('UPDATE orders SET expires_at = ? WHERE order_no = ?', [
      secondsFromNow(MANUAL_PAY_HOURS * 1800 - 60),
      first.order_no,
    ]);
    const second = (await buy(api, buyer, body)).body.result as CreatedOrder;
    expect(second.order_no).not.toBe(first.order_no);
    await api.sql('UPDATE orders SET max_machines = max_machines + 1 WHERE order_no = ?', [second.order_no]);
    const third = (await buy(api, buyer, body)).body.result as CreatedOrder;
    expect(third.order_no).not.toBe(second.order_no);
    expect(((await buy(api, buyer, body)).body.result as CreatedOrder).order_no).toBe(third.order_no);
  });

  it('asks for a login, and refuses unknown products, plans and providers in Chinese', async () => {
    expect((await api.call('POST', '/shop/order', { body: { product: 'xxx-sd', plan: 'year' } })).status).toBe(401);
    const buyer = await someone();
    const cases: [unknown, string][] = [
      [{ product: 'nope', plan: 'year' }, 'product'],
      [{ product: 'xxx-sd', plan: 'forever-and-ever' }, 'plan'],
      [{ product: 'xxx-sd', plan: 'year', provider: 'epay' }, 'provider'],
      [{ product: 'xxx-sd', plan: 'year', provider: 'paypal' }, 'provider'],
      [{ plan: 'year' }, 'product'],
      [{ product: 'xxx-sd', plan: 7 }, 'plan'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await buy(api, buyer, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(res.body.result.fields).toContain(field);
    }
    expect(await api.sql('SELECT * FROM orders WHERE user_id = ?', [buyer.id])).toHaveLength(0);
  });

  it(`lets a buyer have at most ${MAX_PENDING_ORDERS} orders waiting for payment`, async () => {
    const buyer = await someone();
    for (let i = 0; i < MAX_PENDING_ORDERS; i++) expect((await buy(api, buyer, EACH_PLAN[i])).status).toBe(200);
    const refused = await buy(api, buyer, EACH_PLAN[MAX_PENDING_ORDERS]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('待支付');
    // Paying one frees a place.
    const [first] = await api.sql("SELECT order_no FROM orders WHERE user_id = ? AND status = 'pending' LIMIT 1", [
      buyer.id,
    ]);
    expect((await confirm(String(first.order_no))).status).toBe(200);
    expect((await buy(api, buyer, EACH_PLAN[MAX_PENDING_ORDERS])).status).toBe(200);
  });

  it(`limits order creation to ${ORDERS_PER_MINUTE} a minute per buyer, with a Chinese 429`, async () => {
    const buyer = await someone();
    const answers = [];
    // Unknown plans count, so a script cannot probe the catalogue fast; malformed bodies do not.
    expect((await buy(api, buyer, { product: 'xxx-sd' })).status).toBe(400);
    for (let i = 0; i <= ORDERS_PER_MINUTE; i++)
      answers.push(await buy(api, buyer, { product: 'xxx-sd', plan: `p${i}` }));
    expect(answers.slice(0, ORDERS_PER_MINUTE).every((res) => res.status === 400)).toBe(true);
    const last = answers[ORDERS_PER_MINUTE];
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.body.message).toContain('下单太频繁');
  });
});

describe('orders are their buyer’s alone', () => {
  it('answers 404 for someone else’s order, exactly as for a missing one, and lists only my own', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const mine = (await buy(api, alice)).body.result as CreatedOrder;
    const other = await orderOf(api, bob, mine.order_no);
    const missing = await orderOf(api, bob, '20260101000000000000000000');
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect((await orderOf(api, alice, mine.order_no)).body.result.order_no).toBe(mine.order_no);
    expect((await api.call('GET', `/shop/order/${mine.order_no}`)).status).toBe(401);
    const bobs = await api.call('GET', '/shop/orders?current=1&size=10', { headers: bob.auth });
    expect(bobs.body.result).toMatchObject({ total: 0, list: [] });
    const alices = await api.call('GET', '/shop/orders?current=1&size=10', { headers: alice.auth });
    expect(alices.body.result.list.map((o: OrderItem) => o.order_no)).toEqual([mine.order_no]);
    expect((await orderOf(api, alice, '../../etc')).status).toBe(404);
    expect((await orderOf(api, alice, 'x'.repeat(65))).status).toBe(400);
  });
});

describe('the owner confirms a manual payment', () => {
  it('fulfils the order once, mints a signed key for the plan, and tells the buyer', async () => {
    const buyer = await someone();
    const product = products.find((p) => p.plans.some((plan) => plan.days === null))!;
    const plan = product.plans.find((candidate) => candidate.days === null)!;
    const order = (await buy(api, buyer, { product: product.slug, plan: plan.id })).body.result as CreatedOrder;
    expect((await orderOf(api, buyer, order.order_no)).body.result.license_key).toBeUndefined();
    const first = await confirm(order.order_no);
    expect(first.status).toBe(200);
    expect(first.body.result.status).toBe('fulfilled');
    const again = await confirm(order.order_no);
    expect(again.body.result.license_key).toBe(first.body.result.license_key);
    const seen = (await orderOf(api, buyer, order.order_no)).body.result as OrderItem;
    expect(seen.status).toBe('fulfilled');
    expect(seen.paidAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(seen.pay).toBeUndefined();
    const payload = verifyLicenseKey(publicKey, seen.license_key);
    expect(payload).toMatchObject({
      product: product.slug,
      plan: plan.id,
      order: order.order_no,
      expires_at: null,
      max_machines: plan.max_machines,
    });
    expect(
      await api.sql('SELECT * FROM licenses WHERE order_id = (SELECT id FROM orders WHERE order_no = ?)', [
        order.order_no,
      ]),
    ).toHaveLength(1);
    expect(
      await api.sql(
        'SELECT source, actor_id, flagged FROM payments WHERE order_id = (SELECT id FROM orders WHERE order_no = ?)',
        [order.order_no],
      ),
    ).toEqual([expect.objectContaining({ source: 'admin', actor_id: owner.id, flagged: 0 })]);
    // Only the hash is stored: the key itself appears nowhere in the database.
    const dump =
      JSON.stringify(await api.sql('SELECT * FROM licenses')) + JSON.stringify(await api.sql('SELECT * FROM orders'));
    expect(dump).not.toContain(seen.license_key!.split('.')[2]);
    const told = await api.call('POST', '/notify/getNotifyList', {
      body: { current: 1, size: 10, userId: buyer.id },
      headers: buyer.auth,
    });
    expect(told.body.result.list[0]).toMatchObject({ type: 5 });
    expect(told.body.result.list[0].message).toContain(order.order_no);
  });

  it('is for admins only', async () => {
    const buyer = await someone();
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    expect((await confirm(order.order_no, buyer)).status).toBe(403);
    expect((await confirm(order.order_no, null)).status).toBe(401);
    expect((await refund(order.order_no, buyer)).status).toBe(403);
    expect((await confirm('20260101000000000000000000')).status).toBe(404);
    expect((await orderOf(api, buyer, order.order_no)).body.result.status).toBe('pending');
  });

  it('lists the license in the buyer’s user centre, where a machine can be freed', async () => {
    const buyer = await someone();
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    const key = (await confirm(order.order_no)).body.result.license_key as string;
    const activated = await api.call('POST', '/license/activate', {
      body: { key, fingerprint: 'pc-1', name: '书房电脑' },
    });
    expect(activated.status).toBe(200);
    const licenses = (await api.call('GET', '/shop/licenses', { headers: buyer.auth })).body.result as LicenseItem[];
    expect(licenses).toHaveLength(1);
    expect(licenses[0]).toMatchObject({
      order_no: order.order_no,
      license_key: key,
      state: 'active',
      machines: [expect.objectContaining({ fingerprint: 'pc-1', name: '书房电脑' })],
    });
    const machineId = licenses[0].machines[0].id;
    const stranger = await someone();
    expect((await api.call('PUT', `/shop/machine/deactivate/${machineId}`, { headers: stranger.auth })).status).toBe(
      404,
    );
    const freed = await api.call('PUT', `/shop/machine/deactivate/${machineId}`, { headers: buyer.auth });
    expect(freed.body.result.machines).toEqual([]);
    const check = await api.call('POST', '/license/validate', { body: { key, fingerprint: 'pc-1' } });
    expect(check.body.result).toMatchObject({ valid: false, code: 'NOT_ACTIVATED' });
  });
});

describe('refunds', () => {
  it('revoke the license at once, and a second refund changes nothing', async () => {
    const buyer = await someone();
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    const key = (await confirm(order.order_no)).body.result.license_key as string;
    expect((await api.call('POST', '/license/activate', { body: { key, fingerprint: 'pc-9' } })).status).toBe(200);
    const refunded = await refund(order.order_no);
    expect(refunded.body.result.status).toBe('refunded');
    expect(refunded.body.result.license_key).toBeUndefined();
    expect((await refund(order.order_no)).body.result.status).toBe('refunded');
    expect(
      (await api.call('POST', '/license/validate', { body: { key, fingerprint: 'pc-9' } })).body.result,
    ).toMatchObject({ valid: false, code: 'REVOKED' });
    const again = await api.call('POST', '/license/activate', { body: { key, fingerprint: 'pc-10' } });
    expect(again.status).toBe(403);
    expect(again.body.result.code).toBe('REVOKED');
    expect((await confirm(order.order_no)).status).toBe(400);
    const licenses = (await api.call('GET', '/shop/licenses', { headers: buyer.auth })).body.result as LicenseItem[];
    expect(licenses[0].state).toBe('revoked');
  });

  it('are refused for an order that was never paid', async () => {
    const buyer = await someone();
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    const res = await refund(order.order_no);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('还没有付款');
  });
});

describe('the expiry sweep', () => {
  it('expires orders unpaid past their time, leaves the rest, and frees the buyer’s places', async () => {
    const buyer = await someone();
    const late = (await buy(api, buyer)).body.result as CreatedOrder;
    const fresh = (await buy(api, buyer, EACH_PLAN[0])).body.result as CreatedOrder;
    await api.sql('UPDATE orders SET expires_at = ? WHERE order_no = ?', [secondsFromNow(-1), late.order_no]);
    const swept = await eventually(
      async () => (await orderOf(api, buyer, late.order_no)).body.result as OrderItem,
      (order) => order.status !== 'pending',
    );
    expect(swept.status).toBe('expired');
    expect(swept.pay).toBeUndefined();
    expect((await orderOf(api, buyer, fresh.order_no)).body.result.status).toBe('pending');
    // An expired order cannot be paid by a late confirmation from a provider, but the owner may still honour it.
    const honoured = await confirm(late.order_no);
    expect(honoured.body.result.status).toBe('fulfilled');
  });
});

describe('我已付款 and the owner’s notices', () => {
  const reportPaid = (orderNo: string, who: Person | null) =>
    api.call('PUT', `/shop/order/${orderNo}/paid`, { headers: who?.auth });
  const ownerNotices = async () =>
    (
      await api.call('POST', '/notify/getNotifyList', {
        body: { current: 1, size: 50, userId: owner.id },
        headers: owner.auth,
      })
    ).body.result.list as { type: number; message: string; to_id: number }[];

  it('tells the owner of every new order, leading to the console’s orders', async () => {
    const buyer = await someone();
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    const notice = (await ownerNotices()).find((item) => item.message.includes(order.order_no));
    expect(notice).toMatchObject({ type: 6 });
    expect(notice!.message).toContain('新订单');
  });

  it('tells the owner once, however often the buyer taps, and the order waits for the owner past its time', async () => {
    const buyer = await someone();
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    const first = await reportPaid(order.order_no, buyer);
    expect(first.status).toBe(200);
    expect(first.body.result.status).toBe('pending');
    expect(first.body.result.buyer_paid_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await reportPaid(order.order_no, buyer)).body.result.buyer_paid_at).toBe(first.body.result.buyer_paid_at);
    const told = (await ownerNotices()).filter(
      (item) => item.message.includes(order.order_no) && item.message.includes('已经付款'),
    );
    expect(told).toHaveLength(1);
    // Past its time, a reported order is not expired by the sweep (it runs every second here).
    await api.sql('UPDATE orders SET expires_at = ? WHERE order_no = ?', [secondsFromNow(-5), order.order_no]);
    const other = (await buy(api, buyer)).body.result as CreatedOrder;
    await api.sql('UPDATE orders SET expires_at = ? WHERE order_no = ?', [secondsFromNow(-5), other.order_no]);
    await eventually(
      async () => (await orderOf(api, buyer, other.order_no)).body.result as OrderItem,
      (item) => item.status === 'expired',
    );
    expect((await orderOf(api, buyer, order.order_no)).body.result.status).toBe('pending');
    const admin = await api.call('GET', '/admin/orders?status=pending&current=1&size=50', { headers: owner.auth });
    expect(admin.body.result.list.find((item: { order_no: string }) => item.order_no === order.order_no)).toMatchObject(
      { buyer_paid_at: first.body.result.buyer_paid_at },
    );
    expect((await confirm(order.order_no)).body.result.status).toBe('fulfilled');
    // Said after the owner confirmed, it changes nothing.
    expect((await reportPaid(order.order_no, buyer)).body.result.status).toBe('fulfilled');
  });

  it('does not count a reported order against the buyer’s places', async () => {
    const buyer = await someone();
    const orders = [];
    for (let i = 0; i < MAX_PENDING_ORDERS; i++)
      orders.push((await buy(api, buyer, EACH_PLAN[i])).body.result as CreatedOrder);
    expect((await buy(api, buyer, EACH_PLAN[MAX_PENDING_ORDERS])).status).toBe(400);
    await reportPaid(orders[0].order_no, buyer);
    expect((await buy(api, buyer, EACH_PLAN[MAX_PENDING_ORDERS])).status).toBe(200);
  });

  it(`lets a buyer have at most ${MAX_REPORTED_ORDERS} reported orders waiting for the owner`, async () => {
    const buyer = await someone();
    const [first, ...others] = EACH_PLAN;
    const unreported = (await buy(api, buyer, first)).body.result as CreatedOrder;
    const reported: CreatedOrder[] = [];
    for (let i = 0; i < MAX_REPORTED_ORDERS; i++) {
      reported.push((await buy(api, buyer, others[i])).body.result as CreatedOrder);
      expect((await reportPaid(reported[i].order_no, buyer)).status).toBe(200);
    }
    const refused = await buy(api, buyer, others[MAX_REPORTED_ORDERS]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('等站长确认');
    const tooMany = await reportPaid(unreported.order_no, buyer);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('等站长确认');
    expect((await orderOf(api, buyer, unreported.order_no)).body.result.buyer_paid_at).toBeNull();
    const told = (await ownerNotices()).filter(
      (item) => item.message.includes(unreported.order_no) && item.message.includes('已经付款'),
    );
    expect(told).toHaveLength(0);
    // The owner confirming one frees a place.
    expect((await confirm(reported[0].order_no)).status).toBe(200);
    expect((await reportPaid(unreported.order_no, buyer)).status).toBe(200);
  });

  it(`expires a reported order the owner has not confirmed in ${REPORTED_WAIT_DAYS} days, which the owner may still honour`, async () => {
    const buyer = await someone();
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    expect((await reportPaid(order.order_no, buyer)).status).toBe(200);
    await api.sql('UPDATE orders SET expires_at = ?, buyer_paid_at = ? WHERE order_no = ?', [
      secondsFromNow(-5),
      secondsFromNow(-(REPORTED_WAIT_DAYS * 86_400 + 5)),
      order.order_no,
    ]);
    const swept = await eventually(
      async () => (await orderOf(api, buyer, order.order_no)).body.result as OrderItem,
      (item) => item.status !== 'pending',
    );
    expect(swept.status).toBe('expired');
    expect((await confirm(order.order_no)).body.result.status).toBe('fulfilled');
  });

  it('is the buyer’s own, needs a login, and is refused for an expired order in Chinese', async () => {
    const [buyer, stranger] = [await someone(), await someone()];
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    expect((await reportPaid(order.order_no, null)).status).toBe(401);
    expect((await reportPaid(order.order_no, stranger)).status).toBe(404);
    expect((await reportPaid('not*an*order', buyer)).status).toBe(400);
    await api.sql("UPDATE orders SET status = 'expired' WHERE order_no = ?", [order.order_no]);
    const late = await reportPaid(order.order_no, buyer);
    expect(late.status).toBe(400);
    expect(late.body.message).toContain('已过期');
  });
});

/**
 * 易支付 end to end, V1 (MD5) and V2 (RSA): the test plays the platform, signing notices with the
 * merchant key or the platform's RSA key, and answering the site's queries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedOrder, OrderItem } from '../../src/contract/shop';
import { verifyLicenseKey } from '../../src/server/licenses/keys';
import type { ApiClient } from './api';
import { secondsEarlier } from './databases';
import { newPerson, startOwnedApi, type Person } from './people';
import { buy, orderOf, sendNotice, shopRows, startFakeEpay, type FakeEpay } from './shop';

describe.each([1, 2] as const)('易支付 V%i', (version) => {
  const BLOCK = 72 + version;
  let api: ApiClient;
  let epay: FakeEpay;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blog-epay-'));
    epay = await startFakeEpay(version, dir);
    api = await startOwnedApi(epay.env);
  });
  afterAll(async () => {
    await api?.stop();
    await epay?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  let people = 0;
  const someone = () => newPerson(api, `payer${version}x${++people}`, BLOCK);
  const ordered = async (who: Person) => (await buy(api, who)).body.result as CreatedOrder;
  const rowsOf = (orderNo: string, table: 'licenses' | 'payments') =>
    api.sql(`SELECT * FROM ${table} WHERE order_id = (SELECT id FROM orders WHERE order_no = ?)`, [orderNo]);

  it('sends the buyer to the platform with a signed request, and fulfils the order on a valid notice', async () => {
    const buyer = await someone();
    const order = await ordered(buyer);
    expect(order.pay.kind).toBe('redirect');
    const redirect = new URL(order.pay.url!);
    expect(redirect.origin).toBe(epay.url);
    expect(redirect.pathname).toBe(version === 1 ? '/submit.php' : '/api/pay/submit');
    expect(redirect.searchParams.get('out_trade_no')).toBe(order.order_no);
    expect(redirect.searchParams.get('money')).toBe((order.amount_cents / 100).toFixed(2));
    expect(redirect.searchParams.get('notify_url')).toMatch(/\/api\/shop\/notify\/epay$/);
    expect(epay.acceptsRedirect(order.pay.url!)).toBe(true);

    expect(await sendNotice(api, epay.notice(order.order_no, order.amount_cents))).toBe('success');
    const seen = (await orderOf(api, buyer, order.order_no)).body.result as OrderItem;
    expect(seen.status).toBe('fulfilled');
    const publicKey = (await api.call('GET', '/license/public-key')).body.result;
    expect(verifyLicenseKey(publicKey, seen.license_key)?.order).toBe(order.order_no);
    expect(await rowsOf(order.order_no, 'payments')).toEqual([
      expect.objectContaining({ source: 'notice', flagged: 0, trade_no: expect.stringMatching(/^T\d+$/) }),
    ]);
  });

  it('compares amounts as numbers: a notice of "199" pays an order of 199.00', async () => {
    const buyer = await someone();
    const order = await ordered(buyer);
    const whole = String(order.amount_cents / 100);
    expect(await sendNotice(api, epay.notice(order.order_no, order.amount_cents, { money: whole }))).toBe('success');
    expect((await orderOf(api, buyer, order.order_no)).body.result.status).toBe('fulfilled');
  });

  it('fulfils 20 concurrent identical notices exactly once', async () => {
    const buyer = await someone();
    const order = await ordered(buyer);
    const notice = epay.notice(order.order_no, order.amount_cents);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendNotice(api, notice)));
    expect(answers).toEqual(Array(20).fill('success'));
    expect(await rowsOf(order.order_no, 'licenses')).toHaveLength(1);
    expect(await rowsOf(order.order_no, 'payments')).toHaveLength(1);
    const told = await api.sql('SELECT * FROM notifications WHERE user_id = ? AND type = 5', [buyer.id]);
    expect(told).toHaveLength(1);
  });

  it('answers a replay after fulfilment with success and mints nothing more', async () => {
    const buyer = await someone();
    const order = await ordered(buyer);
    const notice = epay.notice(order.order_no, order.amount_cents);
    expect(await sendNotice(api, notice)).toBe('success');
    const before = await shopRows(api);
    expect(await sendNotice(api, notice)).toBe('success');
    expect(await sendNotice(api, epay.notice(order.order_no, order.amount_cents))).toBe('success');
    expect(await shopRows(api)).toBe(before);
  });

  it('refuses forged, wrong and failed notices with fail, and changes nothing', async () => {
    const buyer = await someone();
    const order = await ordered(buyer);
    const good = epay.notice(order.order_no, order.amount_cents);
    const refused: [string, Record<string, string>][] = [
      [
        'a forged signature',
        { ...good, sign: version === 1 ? '0'.repeat(32) : Buffer.alloc(256, 1).toString('base64') },
      ],
      ['a tampered amount under the old signature', { ...good, money: '0.01' }],
      ['no signature', Object.fromEntries(Object.entries(good).filter(([name]) => name !== 'sign'))],
      ['a wrong amount, signed', epay.notice(order.order_no, order.amount_cents - 1)],
      ['a wrong pid, signed', epay.notice(order.order_no, order.amount_cents, { pid: '9999' })],
      [
        'trade_status WAIT_BUYER_PAY, signed',
        epay.notice(order.order_no, order.amount_cents, { trade_status: 'WAIT_BUYER_PAY' }),
      ],
      [
        'trade_status TRADE_CLOSED, signed',
        epay.notice(order.order_no, order.amount_cents, { trade_status: 'TRADE_CLOSED' }),
      ],
      ['an unknown order, signed', epay.notice('20990101000000000000000000', order.amount_cents)],
      ['a money of 1e2, signed', epay.notice(order.order_no, order.amount_cents, { money: '1e2' })],
      ['nothing at all', {}],
    ];
    const before = await shopRows(api);
    for (const [what, params] of refused) expect(await sendNotice(api, params), what).toBe('fail');
    // The same name twice is not a notice either.
    const doubled = await fetch(`${api.server.url}/api/shop/notify/epay?${new URLSearchParams(good)}&money=0.01`);
    expect(await doubled.text()).toBe('fail');
    expect(await shopRows(api)).toBe(before);
    expect((await orderOf(api, buyer, order.order_no)).body.result.status).toBe('pending');
  });

  it('records a notice for an expired order and flags it for the owner instead of fulfilling it', async () => {
    const buyer = await someone();
    const order = await ordered(buyer);
    await api.sql("UPDATE orders SET status = 'expired' WHERE order_no = ?", [order.order_no]);
    const notice = epay.notice(order.order_no, order.amount_cents);
    expect(await sendNotice(api, notice)).toBe('success');
    // The platform repeats it: still one record, one message to the owner.
    expect(await sendNotice(api, notice)).toBe('success');
    expect((await orderOf(api, buyer, order.order_no)).body.result.status).toBe('expired');
    expect(await rowsOf(order.order_no, 'licenses')).toHaveLength(0);
    expect(await rowsOf(order.order_no, 'payments')).toEqual([
      expect.objectContaining({ flagged: 1, source: 'notice' }),
    ]);
    const admins = await api.sql(
      "SELECT n.message FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.role = 1 AND n.type = 6 AND n.message LIKE ? AND n.message LIKE '%过期后收到付款%'",
      [`%${order.order_no}%`],
    );
    expect(admins).toHaveLength(1);
  });

  it('asks the platform about a pending order whose notice never came', async () => {
    const buyer = await someone();
    const order = await ordered(buyer);
    await api.sql(`UPDATE orders SET created_at = ${secondsEarlier('created_at')} WHERE order_no = ?`, [
      60,
      order.order_no,
    ]);
    const asked = epay.queries;
    expect((await orderOf(api, buyer, order.order_no)).body.result.status).toBe('pending');
    expect(epay.queries).toBe(asked + 1);
    // Asked again only after a pause, however often the page polls.
    await orderOf(api, buyer, order.order_no);
    expect(epay.queries).toBe(asked + 1);
    epay.paid.set(order.order_no, order.amount_cents);
    await api.sql(`UPDATE orders SET queried_at = ${secondsEarlier('queried_at')} WHERE order_no = ?`, [
      60,
      order.order_no,
    ]);
    const found = (await orderOf(api, buyer, order.order_no)).body.result as OrderItem;
    expect(found.status).toBe('fulfilled');
    expect(found.license_key).toMatch(/^LIC1\./);
    expect(await rowsOf(order.order_no, 'payments')).toEqual([expect.objectContaining({ source: 'query' })]);
  });

  it('asks the platform before giving back an open order bought again: one paid meanwhile is done with, and buying again makes a new one', async () => {
    const buyer = await someone();
    const order = await ordered(buyer);
    // Bought again at once: the same order, and nobody asked.
    const asked = epay.queries;
    expect(((await buy(api, buyer)).body.result as CreatedOrder).order_no).toBe(order.order_no);
    expect(epay.queries).toBe(asked);
    // Paid at the platform, its notice late; a while later the buyer buys the plan again.
    epay.paid.set(order.order_no, order.amount_cents);
    await api.sql(`UPDATE orders SET created_at = ${secondsEarlier('created_at')} WHERE order_no = ?`, [
      60,
      order.order_no,
    ]);
    const next = (await buy(api, buyer)).body.result as CreatedOrder;
    expect(epay.queries).toBe(asked + 1);
    expect(next.order_no).not.toBe(order.order_no);
    expect((await orderOf(api, buyer, order.order_no)).body.result.status).toBe('fulfilled');
    // Unpaid, it is given back after asking.
    await api.sql(`UPDATE orders SET created_at = ${secondsEarlier('created_at')} WHERE order_no = ?`, [
      60,
      next.order_no,
    ]);
    expect(((await buy(api, buyer)).body.result as CreatedOrder).order_no).toBe(next.order_no);
    expect(epay.queries).toBe(asked + 2);
  });

  it('does not take a queried payment of the wrong amount', async () => {
    const buyer = await someone();
    const order = await ordered(buyer);
    epay.paid.set(order.order_no, order.amount_cents - 100);
    await api.sql(`UPDATE orders SET created_at = ${secondsEarlier('created_at')} WHERE order_no = ?`, [
      60,
      order.order_no,
    ]);
    expect((await orderOf(api, buyer, order.order_no)).body.result.status).toBe('pending');
    expect(await rowsOf(order.order_no, 'payments')).toHaveLength(0);
  });

  it('never marks anything paid from the return page', async () => {
    const buyer = await someone();
    const order = await ordered(buyer);
    const before = await shopRows(api);
    const page = await fetch(
      `${api.server.url}/pay/order?${new URLSearchParams(epay.notice(order.order_no, order.amount_cents))}`,
    );
    expect(page.status).toBe(200);
    expect(await shopRows(api)).toBe(before);
  });
});

describe('50 buyers at once', () => {
  it('get 50 orders and, on 50 concurrent notices, 50 distinct keys', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blog-epay-'));
    const epay = await startFakeEpay(1, dir);
    const api = await startOwnedApi(epay.env);
    try {
      const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => newPerson(api, `crowd${i}`, 75)));
      const orders = await Promise.all(buyers.map(async (who) => (await buy(api, who)).body.result as CreatedOrder));
      expect(new Set(orders.map((order) => order.order_no)).size).toBe(50);
      const answers = await Promise.all(
        orders.map((order) => sendNotice(api, epay.notice(order.order_no, order.amount_cents))),
      );
      expect(answers).toEqual(Array(50).fill('success'));
      const keys = await Promise.all(
        orders.map(
          async (order, i) => (await orderOf(api, buyers[i], order.order_no)).body.result.license_key as string,
        ),
      );
      expect(new Set(keys).size).toBe(50);
      expect(keys.every((key) => key.startsWith('LIC1.'))).toBe(true);
      const [{ n }] = await api.sql('SELECT count(*) AS n FROM licenses');
      expect(n).toBe(50);
    } finally {
      await api.stop();
      await epay.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

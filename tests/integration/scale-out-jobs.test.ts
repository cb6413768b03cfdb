/**
 * Two server processes on one database (a SQLite file, or PostgreSQL as two nodes share it), each
 * running the background jobs every node runs: the order sweep and the notification outbox. Each
 * overdue order is asked about once and settled or expired once, and each notification is mailed
 * once, whichever process gets to it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedOrder } from '../../src/contract/shop';
import { startMailbox, type Mailbox } from '../mailbox';
import type { ApiClient } from './api';
import { secondsFromNow } from './databases';
import { freshIp, giveVerifiedAddress, newPerson, startOwnedApi, type Person } from './people';
import { buy, startFakeEpay, type FakeEpay } from './shop';

const BLOCK = 143;
let dir: string;
let epay: FakeEpay;
let mailbox: Mailbox;
let nodes: [ApiClient, ApiClient];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-jobs-'));
  [epay, mailbox] = await Promise.all([startFakeEpay(1, dir), startMailbox()]);
  const env = {
    ...epay.env,
    SMTP_URL: mailbox.url,
    MAIL_FROM: '测试博客 <blog@example.com>',
    SITE_URL: 'https://blog.example.com',
    ORDER_SWEEP_SECONDS: '1',
  };
  const first = await startOwnedApi(env);
  // The second shares the first's database, uploads and license signing key, as a second node does.
  const second = await startOwnedApi({
    ...env,
    DATABASE_URL: first.databaseUrl,
    UPLOAD_DIR: join(first.dir, 'uploads'),
    LICENSE_KEY_DIR: first.dir,
  });
  nodes = [first, second];
});
afterAll(async () => {
  await Promise.all(nodes?.map((node) => node.stop()) ?? []);
  await Promise.all([epay?.stop(), mailbox?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

async function until(done: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`等了 15 秒，仍未${what}`);
}

describe('two processes running the background jobs', () => {
  it('ask the platform about each overdue order once, and settle or expire it once', async () => {
    const [first] = nodes;
    const orders: CreatedOrder[] = [];
    for (let i = 0; i < 4; i++) {
      const buyer = await newPerson(first, `sweeper${i}`, BLOCK);
      orders.push((await buy(first, buyer)).body.result as CreatedOrder);
    }
    const [paid, ...unpaid] = orders;
    epay.paid.set(paid.order_no, paid.amount_cents);
    // A slow platform: both processes sweep (every second) while the first ask is still open.
    epay.answerAfterMs = 1500;
    await first.sql(`UPDATE orders SET expires_at = ? WHERE order_no IN (${orders.map(() => '?').join(', ')})`, [
      secondsFromNow(-60),
      ...orders.map((order) => order.order_no),
    ]);
    const statusOf = async (orderNo: string) =>
      (await first.sql('SELECT status FROM orders WHERE order_no = ?', [orderNo]))[0].status;
    await until(
      async () => (await Promise.all(orders.map((order) => statusOf(order.order_no)))).every((s) => s !== 'pending'),
      '处理完过期的订单',
    );
    for (const order of orders) expect(epay.asked.filter((asked) => asked === order.order_no)).toHaveLength(1);
    expect(await statusOf(paid.order_no)).toBe('fulfilled');
    for (const order of unpaid) expect(await statusOf(order.order_no)).toBe('expired');
    const licenses = await first.sql(
      'SELECT count(*) AS n FROM licenses WHERE order_id = (SELECT id FROM orders WHERE order_no = ?)',
      [paid.order_no],
    );
    expect(licenses[0].n).toBe(1);
  });

  it('mail each notification once, though both flush the outbox at the same moment', async () => {
    const [first] = nodes;
    const writer = await newPerson(first, 'outboxwriter', BLOCK);
    await giveVerifiedAddress(first, mailbox, writer, 'outbox@example.com', BLOCK);
    const root = await first.call('POST', '/comment/add', {
      body: { type: 1, for_id: 1, content: '两个节点都在发信' },
      headers: writer.auth,
      ip: freshIp(BLOCK),
    });
    const repliers: Person[] = [];
    for (let i = 0; i < 12; i++) repliers.push(await newPerson(first, `outboxreplier${i}`, BLOCK));
    // Half on each process, all at once: each flushes its outbox right after, and finds the other's too.
    const replies = await Promise.all(
      repliers.map((replier, i) =>
        nodes[i % 2].call('POST', '/comment/apply', {
          body: {
            type: 1,
            for_id: 1,
            parent_id: root.body.result.id,
            to_id: writer.id,
            content: `第 ${i} 条回复`,
          },
          headers: replier.auth,
          ip: freshIp(BLOCK),
        }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(12).fill(200));
    const mailed = () =>
      mailbox.received.filter((mail) => mail.to.includes('outbox@example.com') && mail.subject.includes('回复'));
    await until(async () => mailed().length >= 12, '收到 12 封回复通知');
    // Long enough for a second copy to arrive, were any notification sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailed()).toHaveLength(12);
    for (let i = 0; i < 12; i++) {
      expect(mailed().filter((mail) => mail.text.includes(`第 ${i} 条回复`))).toHaveLength(1);
    }
  });
});

/**
 * Two server processes on one database (a SQLite file, or PostgreSQL as two nodes would share it),
 * as behind a load balancer: budgets, the login lockout, likes, counters and the license machine
 * limit hold across both.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedOrder } from '../../src/contract/shop';
import type { ApiClient } from './api';
import { freshIp, newPerson, ownerLogin, startOwnedApi, OWNER, type Person } from './people';
import { startServer, type RunningServer } from './serve';

const BLOCK = 84;
let first: ApiClient;
let second: RunningServer;
let owner: Person;
beforeAll(async () => {
  first = await startOwnedApi();
  second = await startServer({
    DATABASE_URL: first.databaseUrl,
    UPLOAD_DIR: join(first.dir, 'uploads'),
    LICENSE_KEY_DIR: first.dir,
    TRUST_PROXY: 'loopback',
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
  });
  owner = await ownerLogin(first, BLOCK);
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

/** The same call, on the first process or the second. */
async function call(
  which: 0 | 1,
  method: string,
  path: string,
  { body, headers = {}, ip }: { body?: unknown; headers?: Record<string, string>; ip?: string } = {},
) {
  if (which === 0) return first.call(method, path, { body, headers, ip });
  const res = await fetch(`${second.url}/api${path}`, {
    method,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(ip ? { 'X-Forwarded-For': ip } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
const alternate = (i: number) => (i % 2) as 0 | 1;

describe('two processes, one database', () => {
  it('share a login: a session made on one is known on the other', async () => {
    const member = await newPerson(first, 'twinsession', BLOCK);
    const me = await call(1, 'GET', '/user/getUserInfo', { headers: member.auth });
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({ id: member.id, username: 'twinsession' });
  });

  it('share one registration budget per address', async () => {
    const ip = freshIp(BLOCK);
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (
          await call(alternate(i), 'POST', '/user/register', {
            body: { username: `twin${i}`, password: 'password123' },
            ip,
          })
        ).status,
      );
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('share the login budget per address', async () => {
    // Right passwords, so the lockout of wrong guesses stays out of it.
    const member = await newPerson(first, 'twinlogin', BLOCK);
    const ip = freshIp(BLOCK);
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push(
        (
          await call(alternate(i), 'POST', '/user/login', {
            body: { username: member.username, password: 'password123' },
            ip,
          })
        ).status,
      );
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(answers[30]).toBe(429);
  });

  it('share the lockout of wrong passwords per address, and per username for new places', async () => {
    const member = await newPerson(first, 'twinlocked', BLOCK);
    const ip = freshIp(BLOCK);
    const wrong = (i: number, username = member.username) =>
      call(alternate(i), 'POST', '/user/login', { body: { username, password: 'not-the-password' }, ip });
    for (let i = 0; i < 10; i++) expect((await wrong(i)).status, `第 ${i + 1} 次`).toBe(400);
    for (const which of [0, 1] as const) {
      const locked = await call(which, 'POST', '/user/login', {
        body: { username: member.username, password: 'password123' },
        ip,
      });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^此网络登录失败次数过多，请 \d+ 分钟后再试$/);
    }
    // The username is slowed for places it never logged in from, whichever process they reach.
    const elsewhere = await call(1, 'POST', '/user/login', {
      body: { username: member.username, password: 'password123' },
      ip: freshIp(BLOCK),
    });
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.message).toContain('该用户名近期登录失败次数过多');
  });

  it('share a user’s comment budget', async () => {
    const writer = await newPerson(first, 'twinwriter', BLOCK);
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        (
          await call(alternate(i), 'POST', '/comment/add', {
            body: { type: 1, for_id: 1, content: `第 ${i} 条` },
            headers: writer.auth,
          })
        ).status,
      );
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers[10]).toBe(429);
  });

  it('count likes once and views in one sequence', async () => {
    const reader = await newPerson(first, 'twinreader', BLOCK);
    const liked = await call(0, 'PUT', '/article/like/2', { headers: reader.auth });
    const again = await call(1, 'PUT', '/article/like/2', { headers: reader.auth });
    expect(again.body.message).toContain('已经点过赞');
    expect(again.body.result).toBe(liked.body.result);
    const views = [];
    for (let i = 0; i < 4; i++)
      views.push(
        (await call(alternate(i), 'PUT', '/article/view/3', { ip: freshIp(BLOCK) })).body.result.view_times as number,
      );
    expect(views).toEqual([views[0], views[0] + 1, views[0] + 2, views[0] + 3]);
  });

  it('hold a license’s machine limit when both activate at once', async () => {
    const buyer = await newPerson(first, 'twinbuyer', BLOCK);
    const products = (await call(0, 'GET', '/shop/products')).body.result as {
      slug: string;
      plans: { id: string; max_machines: number }[];
    }[];
    const product = products.find((p) => p.plans.some((plan) => plan.max_machines === 1))!;
    const plan = product.plans.find((candidate) => candidate.max_machines === 1)!;
    const order = (
      await call(0, 'POST', '/shop/order', { body: { product: product.slug, plan: plan.id }, headers: buyer.auth })
    ).body.result as CreatedOrder;
    const key = (await call(1, 'PUT', `/shop/admin/confirm/${order.order_no}`, { headers: owner.auth })).body.result
      .license_key;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(alternate(i), 'POST', '/license/activate', {
          body: { key, fingerprint: `twin-pc-${i}` },
          ip: freshIp(BLOCK),
        }),
      ),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(9);
  });
});

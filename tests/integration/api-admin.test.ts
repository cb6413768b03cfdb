/** The admin console's API: admins only, moderation, users and the last-admin rule, the shop, and the audit log. */
import { strFromU8, unzipSync } from 'fflate';
import { decodedBody, exchange } from './raw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminComment, AdminUser, AuditEntry, Dashboard } from '../../src/contract/admin';
import type { CreatedOrder } from '../../src/contract/shop';
import type { ApiClient } from './api';
import { freshIp, newPerson, OWNER, ownerLogin, startOwnedApi, type Person } from './people';
import { buy } from './shop';

const BLOCK = 83;
let api: ApiClient;
let owner: Person;
let reader: Person;
beforeAll(async () => {
  api = await startOwnedApi();
  owner = await ownerLogin(api, BLOCK);
  reader = await newPerson(api, 'plainreader', BLOCK);
});
afterAll(() => api?.stop());

let people = 0;
const someone = () => newPerson(api, `member${++people}`, BLOCK);
const admin = (method: string, path: string, who: Person | null = owner, body?: unknown) =>
  api.call(method, `/admin${path}`, { headers: who?.auth, body });
const auditTrail = async () => (await admin('GET', '/dashboard')).body.result.audit as AuditEntry[];

const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/dashboard'],
  ['GET', '/export'],
  ['GET', '/comments?keyword=x'],
  ['PUT', '/comments/1/hidden', { hidden: true }],
  ['PUT', '/comments/1/delete'],
  ['GET', '/messages'],
  ['PUT', '/messages/1/hidden', { hidden: true }],
  ['PUT', '/messages/1/delete'],
  ['GET', '/links?status=1'],
  ['GET', '/users?keyword=a'],
  ['PUT', '/users/1/disabled', { disabled: true }],
  ['PUT', '/users/1/role', { role: 2 }],
  ['GET', '/orders?status=pending'],
  ['GET', '/payments?flagged=1'],
  ['GET', '/licenses?user_id=1'],
  ['PUT', '/licenses/20260101000000000000000000/revoke'],
  ['PUT', '/licenses/20260101000000000000000000/reset'],
];

describe('access', () => {
  it('answers 401 to the anonymous and 403 to a user on every admin endpoint, and changes nothing', async () => {
    const before = JSON.stringify(await api.sql('SELECT id, role, disabled FROM users ORDER BY id'));
    for (const [method, path, body] of ENDPOINTS) {
      expect((await admin(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      const asUser = await admin(method, path, reader, body);
      expect(asUser.status, `${method} ${path}`).toBe(403);
      expect(asUser.body.message).toBe('需要管理员权限');
    }
    for (const path of [
      '/shop/admin/confirm/20260101000000000000000000',
      '/shop/admin/refund/20260101000000000000000000',
    ]) {
      expect((await api.call('PUT', path, { headers: reader.auth })).status).toBe(403);
    }
    expect((await api.call('PUT', '/links/approve', { body: { idList: [1] }, headers: reader.auth })).status).toBe(403);
    expect(JSON.stringify(await api.sql('SELECT id, role, disabled FROM users ORDER BY id'))).toBe(before);
    expect(await api.sql('SELECT * FROM audit_log')).toEqual([]);
  });

  it('sends everyone but admins from the console’s pages to log in, before any page is served', async () => {
    const page = (path: string, who: Person | null) =>
      fetch(`${api.server.url}${path}`, { redirect: 'manual', headers: who?.auth });
    for (const path of ['/admin', '/admin/', '/admin/users?keyword=x']) {
      for (const who of [null, reader]) {
        const res = await page(path, who);
        expect(res.status, path).toBe(302);
        expect(res.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(path)}`);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
      const served = await page(path, owner);
      expect(served.status).not.toBe(302);
      expect(served.headers.get('cache-control')).toBe('no-store');
    }
    expect((await page('/administrator', null)).status).not.toBe(302);
  });

  it('keeps the gate on every spelling of the console’s path that the static files would serve', async () => {
    for (const target of [
      '/%61dmin/users',
      '/admin%2F',
      '/%61%64%6d%69%6e',
      '/./admin',
      '//admin/users',
      '/x/../admin/users',
      '/%2e/admin',
      '/admin/%2e%2e/admin/users',
    ]) {
      for (const who of [[], Object.entries(reader.auth)] as [string, string][][]) {
        const res = await exchange(api.server.url, { target, headers: who });
        expect(res.status, target).toBe(302);
        expect(res.headers.location).toMatch(/^\/login\?redirect=/);
        expect(decodedBody(res).toString()).not.toMatch(/<html/i);
      }
    }
  });

  it('serves every read endpoint to an admin', async () => {
    // The export answers a zip rather than JSON: 导出全部 below reads it.
    for (const [method, path] of ENDPOINTS.filter(([method, path]) => method === 'GET' && path !== '/export')) {
      const res = await admin(method, path);
      expect(res.status, path).toBe(200);
    }
  });
});

describe('dashboard', () => {
  it('counts the site and what waits for the owner', async () => {
    const buyer = await someone();
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    const board = (await admin('GET', '/dashboard')).body.result as Dashboard;
    expect(board.articles).toBeGreaterThan(0);
    expect(board.users).toBe(Number((await api.sql('SELECT count(*) AS n FROM users'))[0].n));
    expect(board.pending_orders).toBeGreaterThanOrEqual(1);
    const revenue = board.revenue_cents;
    await api.call('PUT', `/shop/admin/confirm/${order.order_no}`, { headers: owner.auth });
    const after = (await admin('GET', '/dashboard')).body.result as Dashboard;
    expect(after.revenue_cents).toBe(revenue + order.amount_cents);
    expect(after.audit[0]).toMatchObject({
      action: 'order.confirm',
      target: `order:${order.order_no}`,
      actor_id: owner.id,
    });
  });
});

describe('dashboard charts', () => {
  it('counts each article view into today’s total and ranks the most read articles', async () => {
    const before = (await admin('GET', '/dashboard')).body.result as Dashboard;
    expect(before.daily_views).toHaveLength(30);
    const today = before.daily_views.at(-1)!;
    expect(today.day).toBe(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date()));
    for (let n = 0; n < 3; n++) await api.call('PUT', '/article/view/2', { ip: freshIp(BLOCK) });
    await api.call('PUT', '/article/view/5', { ip: freshIp(BLOCK) });
    const after = (await admin('GET', '/dashboard')).body.result as Dashboard;
    expect(after.daily_views.at(-1)).toEqual({ day: today.day, views: today.views + 4 });
    const ranked = after.top_articles.map((a) => a.id);
    expect(ranked.indexOf(2)).toBeLessThan(ranked.indexOf(5));
    expect(after.top_articles.find((a) => a.id === 2)?.views).toBe(
      Number((await api.sql('SELECT views FROM article_stats WHERE article_id = 2'))[0].views),
    );
    const categories = after.categories.reduce((sum, c) => sum + c.count, 0);
    expect(categories).toBe(after.articles);
    expect(after.tags.length).toBeGreaterThan(0);
  });
});

describe('moderation', () => {
  it('finds a comment by its text, hides it from readers, and deletes a root with its replies', async () => {
    const writer = await someone();
    const root = await api.call('POST', '/comment/add', {
      body: { type: 1, for_id: 1, content: '需要审核的评论 %_' },
      headers: writer.auth,
    });
    const rootId = root.body.result.id as number;
    await api.call('POST', '/comment/apply', {
      body: { type: 1, for_id: 1, parent_id: rootId, to_id: writer.id, content: '一条回复' },
      headers: writer.auth,
    });
    const found = (await admin('GET', `/comments?keyword=${encodeURIComponent('%_')}`)).body.result
      .list as AdminComment[];
    expect(found.map((c) => c.id)).toEqual([rootId]);
    const visible = async () =>
      (
        (
          await api.call('POST', '/comment/frontGetParentComment', {
            body: { type: 1, for_id: 1, current: 1, size: 50, order: 'new' },
          })
        ).body.result.list as { id: number }[]
      ).map((c) => c.id);
    expect(await visible()).toContain(rootId);
    expect((await admin('PUT', `/comments/${rootId}/hidden`, owner, { hidden: true })).status).toBe(200);
    expect(await visible()).not.toContain(rootId);
    expect((await admin('PUT', `/comments/${rootId}/hidden`, owner, { hidden: false })).status).toBe(200);
    expect(await visible()).toContain(rootId);
    expect((await admin('PUT', `/comments/${rootId}/delete`)).status).toBe(200);
    expect(await api.sql('SELECT * FROM comments WHERE id = ? OR parent_id = ?', [rootId, rootId])).toEqual([]);
    expect((await auditTrail()).slice(0, 3).map((entry) => entry.action)).toEqual([
      'comment.delete',
      'comment.show',
      'comment.hide',
    ]);
    expect((await admin('PUT', '/comments/987654/delete')).status).toBe(404);
  });

  it('hides and deletes a message-board post', async () => {
    const writer = await someone();
    const post = (await api.call('POST', '/message/add', { body: { message: '待审核的留言' }, headers: writer.auth }))
      .body.result;
    const listed = async () =>
      (
        (await api.call('POST', '/message/getMessageList', { body: { current: 1, size: 50 } })).body.result.list as {
          id: number;
        }[]
      ).map((m) => m.id);
    expect((await admin('GET', '/messages?keyword=待审核')).body.result.list[0].id).toBe(post.id);
    await admin('PUT', `/messages/${post.id}/hidden`, owner, { hidden: true });
    expect(await listed()).not.toContain(post.id);
    expect((await api.call('GET', `/message/getMessageById/${post.id}`)).status).toBe(404);
    await admin('PUT', `/messages/${post.id}/delete`);
    expect(await api.sql('SELECT * FROM messages WHERE id = ?', [post.id])).toEqual([]);
    expect((await auditTrail())[0]).toMatchObject({ action: 'message.delete', target: `message:${post.id}` });
  });
});

describe('a hidden comment or post takes its thread out of reach', () => {
  it('refuses replies, likes and the replies list under a hidden root, until it is shown again', async () => {
    const writer = await someone();
    const reader = await someone();
    const root = (
      await api.call('POST', '/comment/add', {
        body: { type: 1, for_id: 1, content: '会被隐藏的评论' },
        headers: writer.auth,
      })
    ).body.result.id as number;
    const replyTo = (parent: number) =>
      api.call('POST', '/comment/apply', {
        body: { type: 1, for_id: 1, parent_id: parent, to_id: writer.id, content: '回复' },
        headers: reader.auth,
      });
    const reply = (await replyTo(root)).body.result.id as number;
    const attempts = async () => [
      (await replyTo(root)).status,
      (await replyTo(reply)).status,
      (await api.call('PUT', `/comment/thumbUp/${root}`, { headers: reader.auth })).status,
      (await api.call('PUT', `/comment/thumbUp/${reply}`, { headers: reader.auth })).status,
      (await api.call('POST', '/like/addLike', { body: { for_id: reply, type: 4 }, headers: reader.auth })).status,
      (await api.call('POST', '/comment/frontGetChildrenComment', { body: { parent_id: root, current: 1, size: 10 } }))
        .status,
    ];
    await admin('PUT', `/comments/${root}/hidden`, owner, { hidden: true });
    const repliesBefore = await api.sql('SELECT count(*) AS n FROM comments WHERE parent_id = ?', [root]);
    expect(await attempts()).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await api.sql('SELECT count(*) AS n FROM comments WHERE parent_id = ?', [root])).toEqual(repliesBefore);
    expect(
      await api.sql("SELECT count(*) AS n FROM likes WHERE type = 'comment' AND target_id IN (?, ?)", [root, reply]),
    ).toEqual([expect.objectContaining({ n: 0 })]);
    // Hiding only a reply takes that reply alone.
    await admin('PUT', `/comments/${root}/hidden`, owner, { hidden: false });
    await admin('PUT', `/comments/${reply}/hidden`, owner, { hidden: true });
    expect(await attempts()).toEqual([200, 404, 200, 404, 404, 200]);
  });

  it('refuses comments, replies and likes on a hidden post, and on the comments under it', async () => {
    const writer = await someone();
    const reader = await someone();
    const post = (await api.call('POST', '/message/add', { body: { message: '会被隐藏的留言' }, headers: writer.auth }))
      .body.result.id as number;
    const comment = (
      await api.call('POST', '/comment/add', {
        body: { type: 3, for_id: post, content: '留言下的评论' },
        headers: writer.auth,
      })
    ).body.result.id as number;
    await admin('PUT', `/messages/${post}/hidden`, owner, { hidden: true });
    expect(
      (
        await api.call('POST', '/comment/add', {
          body: { type: 3, for_id: post, content: '还能评论吗' },
          headers: reader.auth,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.call('POST', '/comment/apply', {
          body: { type: 3, for_id: post, parent_id: comment, to_id: writer.id, content: '还能回复吗' },
          headers: reader.auth,
        })
      ).status,
    ).toBe(404);
    expect((await api.call('PUT', `/message/like/${post}`, { headers: reader.auth })).status).toBe(404);
    expect(
      (await api.call('POST', '/like/addLike', { body: { for_id: post, type: 3 }, headers: reader.auth })).status,
    ).toBe(404);
    expect((await api.call('PUT', `/comment/thumbUp/${comment}`, { headers: reader.auth })).status).toBe(404);
    expect(await api.sql('SELECT count(*) AS n FROM comments WHERE type = 3 AND for_id = ?', [post])).toEqual([
      expect.objectContaining({ n: 1 }),
    ]);
    await admin('PUT', `/messages/${post}/hidden`, owner, { hidden: false });
    expect((await api.call('PUT', `/comment/thumbUp/${comment}`, { headers: reader.auth })).status).toBe(200);
  });
});

describe('users', () => {
  it('disabling ends every login at once and blocks new ones; enabling lets them back', async () => {
    const member = await someone();
    expect((await api.call('GET', '/user/getUserInfo', { headers: member.auth })).status).toBe(200);
    const disabled = await admin('PUT', `/users/${member.id}/disabled`, owner, { disabled: true });
    expect((disabled.body.result as AdminUser).disabled).toBe(true);
    expect((await api.call('GET', '/user/getUserInfo', { headers: member.auth })).status).toBe(401);
    const login = await api.call('POST', '/user/login', {
      body: { username: member.username, password: 'password123' },
      ip: freshIp(BLOCK),
    });
    expect(login.status).toBe(400);
    expect(login.body.message).toContain('停用');
    await admin('PUT', `/users/${member.id}/disabled`, owner, { disabled: false });
    expect(
      (
        await api.call('POST', '/user/login', {
          body: { username: member.username, password: 'password123' },
          ip: freshIp(BLOCK),
        })
      ).status,
    ).toBe(200);
    expect((await auditTrail()).slice(0, 2).map((entry) => entry.action)).toEqual(['user.enable', 'user.disable']);
  });

  it('never leaves the site without an enabled admin', async () => {
    const demoteSelf = await admin('PUT', `/users/${owner.id}/role`, owner, { role: 2 });
    expect(demoteSelf.status).toBe(400);
    expect(demoteSelf.body.message).toContain('最后一个管理员');
    expect((await admin('PUT', `/users/${owner.id}/disabled`, owner, { disabled: true })).status).toBe(400);
    // With a second admin, the first may step down; the second then cannot.
    const deputy = await someone();
    expect((await admin('PUT', `/users/${deputy.id}/role`, owner, { role: 1 })).body.result.role).toBe(1);
    const deputyLogin = await api.call('POST', '/user/login', {
      body: { username: deputy.username, password: 'password123' },
      ip: freshIp(BLOCK),
    });
    const deputyAuth = { ...deputy, auth: { Authorization: `Bearer ${deputyLogin.body.result.token}` } };
    expect((await admin('PUT', `/users/${owner.id}/role`, deputyAuth, { role: 2 })).status).toBe(200);
    expect((await admin('PUT', `/users/${deputy.id}/role`, deputyAuth, { role: 2 })).status).toBe(400);
    expect((await admin('PUT', `/users/${owner.id}/role`, deputyAuth, { role: 1 })).status).toBe(200);
    const [{ admins }] = await api.sql('SELECT count(*) AS admins FROM users WHERE role = 1 AND NOT disabled');
    expect(admins).toBe(2);
    expect((await admin('PUT', `/users/${owner.id}/role`, owner, { role: 3 })).status).toBe(400);
    expect((await admin('PUT', '/users/987654/role', owner, { role: 2 })).status).toBe(404);
  });

  it('finds users by name', async () => {
    const found = (await admin('GET', '/users?keyword=plainread')).body.result.list as AdminUser[];
    expect(found.map((u) => u.username)).toEqual(['plainreader']);
  });
});

describe('the shop', () => {
  it('lists orders by status, payments, and licenses; revokes and resets machines, each in the audit log', async () => {
    const buyer = await someone();
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    const pending = (await admin('GET', '/orders?status=pending')).body.result.list as { order_no: string }[];
    expect(pending.map((o) => o.order_no)).toContain(order.order_no);
    const key = (await api.call('PUT', `/shop/admin/confirm/${order.order_no}`, { headers: owner.auth })).body.result
      .license_key;
    await api.call('POST', '/license/activate', { body: { key, fingerprint: 'admin-test-pc' }, ip: freshIp(BLOCK) });
    const payments = (await admin('GET', '/payments')).body.result.list as { order_no: string; source: string }[];
    expect(payments.find((p) => p.order_no === order.order_no)).toMatchObject({ source: 'admin' });
    const [license] = (await admin('GET', `/licenses?order_no=${order.order_no}`)).body.result;
    expect(license).toMatchObject({
      user_id: buyer.id,
      nick_name: buyer.nickName,
      state: 'active',
      machines: [expect.objectContaining({ fingerprint: 'admin-test-pc' })],
    });
    // The names it was sold under, as /admin/orders shows them, not the slugs.
    const sold = (await api.call('GET', `/shop/order/${order.order_no}`, { headers: buyer.auth })).body.result;
    expect(license).toMatchObject({ product_name: sold.product_name, plan_name: sold.plan_name });
    expect(license.product_name).not.toBe(license.product);
    expect((await admin('PUT', `/licenses/${order.order_no}/reset`)).body.result).toBe(1);
    expect((await admin('PUT', `/licenses/${order.order_no}/revoke`)).status).toBe(200);
    expect((await admin('GET', `/licenses?user_id=${buyer.id}`)).body.result[0]).toMatchObject({
      state: 'revoked',
      machines: [],
    });
    expect((await admin('GET', '/licenses')).status).toBe(400);
    expect((await auditTrail()).slice(0, 3).map((entry) => entry.action)).toEqual([
      'license.revoke',
      'license.reset',
      'order.confirm',
    ]);
    expect((await admin('GET', '/orders?status=lost')).status).toBe(400);
  });
});

describe('导出全部', () => {
  it('gives the owner the whole site as one zip, as npm run export makes it but without password hashes', async () => {
    const res = await fetch(`${api.server.url}/api/admin/export`, { headers: owner.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="blog-export-\d{8}\.zip"$/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = (path: string) => JSON.parse(strFromU8(files[path]));
    expect(json('manifest.json')).toMatchObject({ format: 'mengblog-export', version: 1 });
    const users: Record<string, unknown>[] = json('data/users.json');
    expect(users.map((user) => user.username)).toContain(OWNER.username);
    expect(users.filter((user) => 'password_hash' in user)).toEqual([]);
    expect(Object.keys(files).filter((path) => /^articles\/[^/]+\.md$/.test(path)).length).toBeGreaterThan(0);
    expect((await auditTrail()).map((entry) => entry.action)).toContain('site.export');
  });
});

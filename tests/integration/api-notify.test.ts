import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../src/contract/limits';
import type { ContentIndex } from '../../src/lib/node/contentIndex';
import type { ApiClient } from './api';
import { freshIp, newPerson, ownerLogin, type Person, startOwnedApi } from './people';

const BLOCK = 62;
const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
// Titles without characters that HTML escapes, so a message can be matched as written.
const plain = index.articles.filter((a) => !/[<>&"']/.test(a.title));
const article = plain[0];
const UNKNOWN = 987654;

let api: ApiClient;
let owner: Person;
beforeAll(async () => {
  api = await startOwnedApi();
  owner = await ownerLogin(api, BLOCK);
});
afterAll(() => api?.stop());

let people = 0;
const someone = (nickName?: string) => newPerson(api, `reader${++people}`, BLOCK, nickName ?? `读者${people}`);

interface Listed {
  id: number;
  message: string;
  isView: 1 | 2;
  type: number;
  to_id: number;
  createdAt: string;
}

const list = (who: Person, body: unknown = { current: 1, size: MAX_PAGE_SIZE, userId: who.id }) =>
  api.call('POST', '/notify/getNotifyList', { body, headers: who.auth });
const listed = async (who: Person): Promise<Listed[]> => (await list(who)).body.result.list;
const unread = async (who: Person): Promise<number> =>
  (await api.call('GET', '/notify/unreadCount', { headers: who.auth })).body.result;
const markRead = (who: Person | null, id: unknown) => api.call('PUT', `/notify/update/${id}`, { headers: who?.auth });
const remove = (who: Person | null, id: unknown) => api.call('PUT', `/notify/delete/${id}`, { headers: who?.auth });

async function comment(who: Person, content: string, forId = article.id) {
  const res = await api.call('POST', '/comment/add', { body: { type: 1, for_id: forId, content }, headers: who.auth });
  expect(res.status).toBe(200);
  return res.body.result as { id: number; for_id: number };
}

async function reply(who: Person, root: { id: number; for_id: number }, toId: number, content: string) {
  const res = await api.call('POST', '/comment/apply', {
    body: { type: 1, for_id: root.for_id, parent_id: root.id, to_id: toId, content },
    headers: who.auth,
  });
  expect(res.status).toBe(200);
  return res.body.result as { id: number };
}

describe('what creates a notification', () => {
  it('tells the owner of a comment on their article, with where it leads', async () => {
    const alice = await someone('小爱');
    const before = await unread(owner);
    await comment(alice, '写得真好');
    expect(await unread(owner)).toBe(before + 1);
    const [newest] = await listed(owner);
    expect(newest).toEqual({
      id: expect.any(Number),
      message: `<b>小爱</b> 评论了你的文章《${article.title}》：写得真好`,
      isView: 1,
      type: 1,
      to_id: article.id,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(await unread(alice)).toBe(0);
  });

  it('tells the person replied to, and only them', async () => {
    const [alice, bob] = [await someone('甲'), await someone('乙')];
    const root = await comment(alice, '根');
    const ownerBefore = await unread(owner);
    await reply(bob, root, alice.id, '我来回复');
    expect(await listed(alice)).toEqual([
      expect.objectContaining({
        message: `<b>乙</b> 回复了你在文章《${article.title}》下的评论：我来回复`,
        type: 1,
        to_id: article.id,
        isView: 1,
      }),
    ]);
    expect(await unread(owner)).toBe(ownerBefore);
    expect(await unread(bob)).toBe(0);
  });

  it('tells nobody of their own action', async () => {
    const alice = await someone();
    const ownerBefore = (await list(owner)).body.result.total;
    const own = await comment(owner, '站长自己评论');
    expect((await list(owner)).body.result.total).toBe(ownerBefore);
    await reply(owner, own, owner.id, '站长回复自己');
    const root = await comment(alice, '我的评论');
    const afterAlice = (await list(owner)).body.result.total;
    expect(afterAlice).toBe(ownerBefore + 1);
    await reply(alice, root, alice.id, '自言自语');
    expect(await unread(alice)).toBe(0);
    expect((await list(owner)).body.result.total).toBe(afterAlice);
  });

  it('says nothing of likes or deletions', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const root = await comment(alice, '点赞我');
    await api.call('PUT', `/comment/thumbUp/${root.id}`, { headers: bob.auth });
    await api.call('POST', '/like/addLike', { body: { for_id: root.id, type: 4 }, headers: bob.auth });
    await api.call('DELETE', `/comment/delete/${root.id}/0`, { headers: owner.auth });
    expect(await unread(alice)).toBe(0);
  });

  it('refused comments tell nobody', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const root = await comment(alice, '根');
    const before = (await list(owner)).body.result.total;
    const bad = await api.call('POST', '/comment/apply', {
      body: { type: 1, for_id: root.for_id, parent_id: root.id, to_id: owner.id, content: '你好' },
      headers: bob.auth,
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await api.call('POST', '/comment/add', {
          body: { type: 1, for_id: UNKNOWN, content: '你好' },
          headers: bob.auth,
        })
      ).status,
    ).toBe(404);
    expect((await list(owner)).body.result.total).toBe(before);
    expect(await unread(alice)).toBe(0);
  });

  it('escapes what users wrote and keeps the excerpt short', async () => {
    const nick = `<i>"A&B'</i>`;
    const mallory = await someone(nick);
    await comment(mallory, `<script>alert("x")</script> & 'q'`);
    const [first] = await listed(owner);
    expect(first.message).toBe(
      `<b>&lt;i&gt;&quot;A&amp;B&#39;&lt;/i&gt;</b> 评论了你的文章《${article.title}》：&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;`,
    );
    expect(first.message).not.toMatch(/<(script|i)\b/);

    const long = `${'长'.repeat(40)}\n${'😀'.repeat(30)}`;
    await comment(mallory, long);
    const [second] = await listed(owner);
    expect(second.message.endsWith(`：${'长'.repeat(40)} ${'😀'.repeat(9)}…`)).toBe(true);
  });
});

describe('reading notifications', () => {
  it('lists unread first, then newest, and pages', async () => {
    const reader = await someone();
    const writers = [await someone(), await someone(), await someone()];
    const root = await comment(reader, '大家来回复');
    for (const [i, writer] of writers.entries()) await reply(writer, root, reader.id, `回复 ${i}`);
    const [newest, middle, oldest] = await listed(reader);
    expect([newest, middle, oldest].map((n) => n.message.split('：').at(-1))).toEqual(['回复 2', '回复 1', '回复 0']);

    expect((await markRead(reader, newest.id)).body).toEqual({ code: 0, message: 'success', result: true });
    expect(await unread(reader)).toBe(2);
    const reordered = await listed(reader);
    expect(reordered.map((n) => [n.id, n.isView])).toEqual([
      [middle.id, 1],
      [oldest.id, 1],
      [newest.id, 2],
    ]);
    // Marking it again changes nothing.
    expect((await markRead(reader, newest.id)).body.result).toBe(true);
    expect(await unread(reader)).toBe(2);

    const page2 = (await list(reader, { current: 2, size: 2, userId: String(reader.id) })).body.result;
    expect(page2).toMatchObject({ current: 2, size: 2, total: 3 });
    expect(page2.list.map((n: Listed) => n.id)).toEqual([newest.id]);
    expect((await list(reader, { current: 5, size: 2, userId: reader.id })).body.result).toMatchObject({
      current: 5,
      total: 3,
      list: [],
    });
    expect((await list(reader, { current: 1, size: 500, userId: reader.id })).body.result.size).toBe(MAX_PAGE_SIZE);
  });

  it('deletes one’s own notification', async () => {
    const reader = await someone();
    const writer = await someone();
    const root = await comment(reader, '根');
    await reply(writer, root, reader.id, '一');
    await reply(writer, root, reader.id, '二');
    const [first, second] = await listed(reader);
    expect((await remove(reader, first.id)).body).toEqual({ code: 0, message: 'success', result: true });
    expect((await listed(reader)).map((n) => n.id)).toEqual([second.id]);
    expect(await unread(reader)).toBe(1);
    expect((await remove(reader, first.id)).status).toBe(404);
  });
});

describe('privacy', () => {
  it('answers 403 for another user’s list, whatever the body says', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const res = await list(bob, { current: 1, size: 10, userId: owner.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('只能查看自己的消息');
    expect((await list(alice, { current: 1, size: 10, userId: bob.id })).status).toBe(403);
  });

  it('lets nobody read, delete or mark another’s notification', async () => {
    const bob = await someone();
    const alice = await someone('通知甲');
    await comment(alice, '给站长的评论');
    const [mine] = await listed(owner);
    expect(mine.isView).toBe(1);
    for (const res of [await markRead(bob, mine.id), await remove(bob, mine.id)]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('只能操作自己的消息');
    }
    const [still] = await listed(owner);
    expect(still).toEqual(mine);
  });

  it('needs a login for every call', async () => {
    const anonymous = [
      await api.call('POST', '/notify/getNotifyList', {
        body: { current: 1, size: 10, userId: 1 },
        ip: freshIp(BLOCK),
      }),
      await api.call('GET', '/notify/unreadCount'),
      await markRead(null, 1),
      await remove(null, 1),
    ];
    for (const res of anonymous) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('请先登录');
    }
  });
});

describe('validation', () => {
  it.each([
    ['no userId', { current: 1, size: 10 }, ['userId']],
    ['a userId that is not a number', { current: 1, size: 10, userId: 'abc' }, ['userId']],
    ['no current', { size: 10, userId: 1 }, ['current']],
    ['size 0', { current: 1, size: 0, userId: 1 }, ['size']],
    ['a fractional current', { current: 1.5, size: 10, userId: 1 }, ['current']],
  ])('refuses a list with %s', async (_case, body, fields) => {
    const res = await list(owner, body);
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual(fields);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a body that is not an object', async () => {
    const res = await list(owner, [1]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('请求体必须是 JSON 对象');
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    for (const call of [markRead, remove]) {
      const missing = await call(owner, UNKNOWN);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('消息不存在');
      for (const bad of ['abc', 0, -3]) {
        const res = await call(owner, bad);
        expect(res.status).toBe(400);
        expect(res.body.result.fields).toEqual(['id']);
      }
    }
  });
});

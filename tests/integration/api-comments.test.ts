import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX_CHARS, COMMENTS_PER_MINUTE, MAX_PAGE_SIZE } from '../../src/contract/limits';
import type { ContentIndex } from '../../src/lib/node/contentIndex';
import { RESENT_WITHIN_MINUTES } from '../../src/server/shared/resent';
import { startApi, type ApiClient } from './api';
import { secondsEarlier } from './databases';
import { freshIp, newPerson, ownerLogin, type Person, startOwnedApi } from './people';

const BLOCK = 61;
const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
const articleIds = index.articles.map((a) => a.id);
const UNKNOWN = 987654;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let api: ApiClient;
let owner: Person;
beforeAll(async () => {
  api = await startOwnedApi();
  owner = await ownerLogin(api, BLOCK);
});
afterAll(() => api?.stop());

let people = 0;
/** A new reader: comments are limited per user, so tests that write many use their own. */
const someone = (nickName?: string) => newPerson(api, `commenter${++people}`, BLOCK, nickName ?? `读者${people}`);

const add = (who: Person | null, body: unknown) => api.call('POST', '/comment/add', { body, headers: who?.auth });
const reply = (who: Person | null, body: unknown) => api.call('POST', '/comment/apply', { body, headers: who?.auth });
/** A reader without an account is a browser, told apart by its reader cookie: here, one browser per address. */
const asReader = <O extends { ip?: string }>(options: O) => ({ reader: options.ip, ...options });
const roots = (body: unknown, who?: Person | null, ip?: string) =>
  api.call('POST', '/comment/frontGetParentComment', asReader({ body, headers: who?.auth, ip }));
const children = (body: unknown, who?: Person | null) =>
  api.call('POST', '/comment/frontGetChildrenComment', { body, headers: who?.auth });
const total = (body: unknown) => api.call('POST', '/comment/getCommentTotal', { body });
const thumb = (action: 'thumbUp' | 'cancelThumbUp', id: unknown, options: { who?: Person; ip?: string } = {}) =>
  api.call(
    'PUT',
    `/comment/${action}/${id}`,
    asReader({ headers: options.who?.auth, ip: options.ip ?? freshIp(BLOCK) }),
  );
const remove = (who: Person | null, path: string) =>
  api.call('DELETE', `/comment/delete/${path}`, { headers: who?.auth });

/** Each comment its own words: the same words again soon after are a resend, answered with the first. */
let written = 0;
async function rootOn(who: Person, forId: number, content = `一条评论 ${++written}`) {
  const res = await add(who, { type: 1, for_id: forId, content });
  expect(res.status).toBe(200);
  return res.body.result;
}

async function replyTo(
  who: Person,
  root: { id: number; for_id: number },
  toId: number,
  content = `一条回复 ${++written}`,
) {
  const res = await reply(who, { type: 1, for_id: root.for_id, parent_id: root.id, to_id: toId, content });
  expect(res.status).toBe(200);
  return res.body.result;
}

async function likeRows(ids: number[]): Promise<number> {
  const placeholders = ids.map(() => '?').join(',');
  const rows = await api.sql(
    `SELECT count(*) AS n FROM likes WHERE type = 'comment' AND target_id IN (${placeholders})`,
    ids,
  );
  return Number(rows[0].n);
}

describe('adding a comment', () => {
  it('stores the text trimmed and otherwise as typed, and answers the new root', async () => {
    const alice = await someone('爱丽丝');
    const typed = '  你好 <b>世界</b> & "引号" https://example.com\n第二行 😀\n\n  ';
    const res = await add(alice, { type: 1, for_id: articleIds[0], content: typed });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.result).toEqual({
      id: expect.any(Number),
      content: typed.trim(),
      from_id: alice.id,
      from_name: '爱丽丝',
      from_avatar: '',
      from_role: 2,
      thumbs_up: 0,
      is_like: false,
      createdAt: expect.stringMatching(DATE_TIME),
      childrenCount: 0,
      ipAddress: '未知',
      parent_id: null,
      type: 1,
      for_id: articleIds[0],
    });
    const listed = (await roots({ type: 1, for_id: articleIds[0], current: 1, size: 10 })).body.result.list;
    expect(listed.find((c: { id: number }) => c.id === res.body.result.id).content).toBe(typed.trim());
  });

  it(`answers the same comment sent again within ${RESENT_WITHIN_MINUTES} minutes with the first one, telling nobody twice`, async () => {
    const [alice, bob] = [await someone(), await someone()];
    const forId = articleIds[11];
    const body = { type: 1, for_id: forId, content: '网不好，又按了一次发送' };
    const notices = async () => Number((await api.sql('SELECT count(*) AS n FROM notifications'))[0].n);
    const rows = async (content: string) =>
      Number(
        (await api.sql('SELECT count(*) AS n FROM comments WHERE for_id = ? AND content = ?', [forId, content]))[0].n,
      );

    const before = await notices();
    const first = (await add(alice, body)).body.result;
    const told = await notices();
    expect(told).toBeGreaterThan(before);
    const again = await add(alice, { ...body, content: `  ${body.content}\n` });
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual(first);
    expect(await rows(body.content)).toBe(1);
    expect(await notices()).toBe(told);

    // Pressed twice at once: still one. (Another writer: each may write 10 a minute.)
    const quick = await someone();
    const [one, two] = await Promise.all([
      add(quick, { ...body, content: '连按两下' }),
      add(quick, { ...body, content: '连按两下' }),
    ]);
    expect(one.body.result.id).toBe(two.body.result.id);
    expect(await rows('连按两下')).toBe(1);

    // Someone else, another article, other words: new comments.
    expect((await add(bob, body)).body.result.id).not.toBe(first.id);
    expect((await add(alice, { ...body, for_id: articleIds[12] })).body.result.id).not.toBe(first.id);
    expect((await add(alice, { ...body, content: '网不好，又按了一次发送！' })).body.result.id).not.toBe(first.id);
    // Replies count apart from roots, and to each person apart.
    const reply = await replyTo(alice, first, alice.id, body.content);
    expect(reply.id).not.toBe(first.id);
    expect((await replyTo(alice, first, alice.id, body.content)).id).toBe(reply.id);
    expect((await replyTo(bob, first, alice.id, body.content)).id).not.toBe(reply.id);
    expect((await replyTo(alice, first, bob.id, body.content)).id).not.toBe(reply.id);

    // Later, or once an admin hid the first, it is a new comment.
    await api.sql(`UPDATE comments SET created_at = ${secondsEarlier('created_at')} WHERE id = ?`, [
      RESENT_WITHIN_MINUTES * 60 + 1,
      first.id,
    ]);
    const later = (await add(alice, body)).body.result;
    expect(later.id).not.toBe(first.id);
    await api.sql('UPDATE comments SET hidden = ? WHERE id = ?', [true, later.id]);
    expect((await add(alice, body)).body.result.id).not.toBe(later.id);
  });

  it('marks the owner’s comments with the admin role, so readers can tell them from a borrowed name', async () => {
    const mine = await add(owner, { type: 1, for_id: articleIds[0], content: '站长的评论' });
    expect(mine.body.result.from_role).toBe(1);
    const listed = (await roots({ type: 1, for_id: articleIds[0], current: 1, size: 50 })).body.result.list as {
      id: number;
      from_role: number;
    }[];
    expect(listed.find((c) => c.id === mine.body.result.id)!.from_role).toBe(1);
    expect(listed.filter((c) => c.id !== mine.body.result.id).every((c) => c.from_role === 2)).toBe(true);
  });

  it('shows where a comment was written from as its IP 属地, and keeps no address', async () => {
    const writer = await someone('远方的读者');
    const from = (ip: string, content: string) =>
      api.call('POST', '/comment/add', { body: { type: 1, for_id: articleIds[2], content }, headers: writer.auth, ip });
    const guangdong = await from('120.24.78.68', '远方的来信');
    expect(guangdong.body.result.ipAddress).toBe('广东');
    expect((await from('8.8.8.8', '更远的来信')).body.result.ipAddress).toBe('美国');
    const listed = (await roots({ type: 1, for_id: articleIds[2], current: 1, size: 50 })).body.result.list as {
      id: number;
      ipAddress: string;
    }[];
    expect(listed.find((c) => c.id === guangdong.body.result.id)!.ipAddress).toBe('广东');
    const stored = await api.sql('SELECT * FROM comments WHERE id = ?', [guangdong.body.result.id]);
    expect(stored[0].ip_location).toBe('广东');
    expect(JSON.stringify(stored)).not.toContain('120.24');
  });

  it('accepts type and for_id as digit strings', async () => {
    const res = await add(await someone(), { type: '1', for_id: String(articleIds[0]), content: '字符串的 id' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ type: 1, for_id: articleIds[0] });
  });

  it('needs a login', async () => {
    const res = await add(null, { type: 1, for_id: articleIds[0], content: '匿名' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('请先登录');
  });

  it('counts characters, so an emoji is one', async () => {
    const writer = await someone();
    expect(
      (await add(writer, { type: 1, for_id: articleIds[0], content: '😀'.repeat(COMMENT_MAX_CHARS) })).status,
    ).toBe(200);
    const over = await add(writer, { type: 1, for_id: articleIds[0], content: '😀'.repeat(COMMENT_MAX_CHARS + 1) });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`评论最多 ${COMMENT_MAX_CHARS} 个字`);
    expect(over.body.result.fields).toEqual(['content']);
  });

  it.each([
    ['no content', { type: 1, for_id: articleIds[0] }, ['content'], /请输入评论内容/],
    ['content that is not text', { type: 1, for_id: articleIds[0], content: 123 }, ['content'], /请输入评论内容/],
    [
      'content that is only blanks',
      { type: 1, for_id: articleIds[0], content: ' \n\t ' },
      ['content'],
      /评论内容不能为空/,
    ],
    [
      'over-long content',
      { type: 1, for_id: articleIds[0], content: '字'.repeat(COMMENT_MAX_CHARS + 1) },
      ['content'],
      /最多 1000 个字/,
    ],
    ['a control character', { type: 1, for_id: articleIds[0], content: 'a\u0000b' }, ['content'], /控制字符/],
    ['type 4', { type: 4, for_id: articleIds[0], content: '类型' }, ['type'], /评论类型/],
    ['a type that is not a number', { type: 'abc', for_id: articleIds[0], content: '类型' }, ['type'], /评论类型/],
    ['no type', { for_id: articleIds[0], content: '类型' }, ['type'], /评论类型/],
  ])('refuses %s', async (_case, body, fields, message) => {
    const res = await add(await someone(), body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.result.fields).toEqual(fields);
    expect(res.body.message).toMatch(message);
  });

  it('refuses a missing or bad for_id, and a body that is not an object', async () => {
    const writer = await someone();
    for (const for_id of [undefined, 0, -1, 1.5, 'x']) {
      const res = await add(writer, { type: 1, for_id, content: '内容' });
      expect(res.status).toBe(400);
      expect(res.body.result.fields).toEqual(['for_id']);
    }
    const list = await add(writer, [1, 2]);
    expect(list.status).toBe(400);
    expect(list.body.message).toBe('请求体必须是 JSON 对象');
  });

  it('answers 404 naming the kind of target when it does not exist', async () => {
    const writer = await someone();
    const cases: [number, string][] = [
      [1, '文章不存在'],
      [2, '说说不存在'],
      [3, '留言不存在'],
    ];
    for (const [type, message] of cases) {
      for (const res of [
        await add(writer, { type, for_id: UNKNOWN, content: '内容' }),
        await roots({ type, for_id: UNKNOWN, current: 1, size: 10 }),
        await total({ type, for_id: UNKNOWN }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(message);
      }
    }
  });
});

describe('replying', () => {
  it('keeps the root as parent, names the person answered, and counts the replies', async () => {
    const [alice, bob] = [await someone('阿丽'), await someone('阿博')];
    const root = await rootOn(alice, articleIds[1], '根评论');
    const res = await reply(bob, {
      type: 1,
      for_id: articleIds[1],
      parent_id: root.id,
      to_id: alice.id,
      content: '  回复你 😀\n好的  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      id: expect.any(Number),
      content: '回复你 😀\n好的',
      from_id: bob.id,
      from_name: '阿博',
      from_avatar: '',
      from_role: 2,
      thumbs_up: 0,
      is_like: false,
      createdAt: expect.stringMatching(DATE_TIME),
      to_id: alice.id,
      to_name: '阿丽',
      ipAddress: '未知',
      parent_id: root.id,
      type: 1,
      for_id: articleIds[1],
    });
    const listed = (await roots({ type: 1, for_id: articleIds[1], current: 1, size: 50 })).body.result.list;
    expect(listed.find((c: { id: number }) => c.id === root.id).childrenCount).toBe(1);
    expect(listed.some((c: { id: number }) => c.id === res.body.result.id)).toBe(false);
    const { result } = (await children({ parent_id: root.id, current: 1, size: 10 })).body;
    expect(result).toMatchObject({ current: 1, size: 10, total: 1 });
    const { parent_id: _p, type: _t, for_id: _f, ...asListed } = res.body.result;
    expect(result.list).toEqual([asListed]);
  });

  it('puts a reply to a reply under the same root, answering anyone who wrote in the thread', async () => {
    const [alice, bob, carol] = [await someone(), await someone(), await someone()];
    const root = await rootOn(alice, articleIds[1]);
    const first = await replyTo(bob, root, alice.id, '第一条');
    const second = await reply(carol, {
      type: 1,
      for_id: root.for_id,
      parent_id: first.id,
      to_id: bob.id,
      content: '第二条',
    });
    expect(second.status).toBe(200);
    expect(second.body.result).toMatchObject({ parent_id: root.id, to_id: bob.id, to_name: bob.nickName });
    const third = await replyTo(alice, root, carol.id, '第三条');
    const { result } = (await children({ parent_id: root.id, current: 1, size: 10 })).body;
    expect(result.list.map((c: { content: string }) => c.content)).toEqual(['第一条', '第二条', '第三条']);
    expect(result.list.map((c: { id: number }) => c.id)).toEqual([first.id, second.body.result.id, third.id]);
    // A reply's id stands for its root when listing, too.
    expect((await children({ parent_id: first.id, current: 1, size: 10 })).body.result.total).toBe(3);
  });

  it('refuses to address someone who has not written in the thread', async () => {
    const [alice, bob, outsider] = [await someone(), await someone(), await someone()];
    const root = await rootOn(alice, articleIds[1]);
    await rootOn(outsider, articleIds[1], '另一条根评论');
    for (const to_id of [outsider.id, UNKNOWN]) {
      const res = await reply(bob, { type: 1, for_id: root.for_id, parent_id: root.id, to_id, content: '你好' });
      expect(res.status).toBe(400);
      expect(res.body.result.fields).toEqual(['to_id']);
      expect(res.body.message).toBe('只能回复这条评论下发言过的人');
    }
  });

  it('refuses a parent that does not exist or belongs to another article', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const root = await rootOn(alice, articleIds[1]);
    const unknown = await reply(bob, {
      type: 1,
      for_id: articleIds[1],
      parent_id: UNKNOWN,
      to_id: alice.id,
      content: '你好',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('评论不存在');
    const elsewhere = await reply(bob, {
      type: 1,
      for_id: articleIds[2],
      parent_id: root.id,
      to_id: alice.id,
      content: '你好',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.result.fields).toEqual(['parent_id']);
    const talk = await reply(bob, { type: 2, for_id: UNKNOWN, parent_id: root.id, to_id: alice.id, content: '你好' });
    expect(talk.status).toBe(404);
    expect(talk.body.message).toBe('说说不存在');
  });

  it.each([
    ['no for_id', { type: 1, parent_id: 1, to_id: 1, content: '你好' }, ['for_id']],
    ['no parent_id', { type: 1, for_id: 1, to_id: 1, content: '你好' }, ['parent_id']],
    [
      'a parent_id that is not a number',
      { type: 1, for_id: 1, parent_id: 'x', to_id: 1, content: '你好' },
      ['parent_id'],
    ],
    ['no to_id', { type: 1, for_id: 1, parent_id: 1, content: '你好' }, ['to_id']],
    ['a negative to_id', { type: 1, for_id: 1, parent_id: 1, to_id: -1, content: '你好' }, ['to_id']],
    ['blank content', { type: 1, for_id: 1, parent_id: 1, to_id: 1, content: '   ' }, ['content']],
    [
      'over-long content',
      { type: 1, for_id: 1, parent_id: 1, to_id: 1, content: '长'.repeat(COMMENT_MAX_CHARS + 1) },
      ['content'],
    ],
  ])('refuses a reply with %s', async (_case, body, fields) => {
    const res = await reply(await someone(), body);
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual(fields);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('needs a login', async () => {
    expect((await reply(null, { type: 1, for_id: 1, parent_id: 1, to_id: 1, content: '你好' })).status).toBe(401);
  });

  it('pages replies and refuses bad queries', async () => {
    expect((await children({ parent_id: UNKNOWN, current: 1, size: 10 })).status).toBe(404);
    for (const body of [
      { current: 1, size: 10 },
      { parent_id: 'x', current: 1, size: 10 },
      { parent_id: 1, current: 0, size: 10 },
      { parent_id: 1, current: 1, size: 0 },
    ]) {
      const res = await children(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('listing', () => {
  it('orders roots newest first or by likes, pages them and caps the size', async () => {
    const forId = articleIds[3];
    const writers = await Promise.all(Array.from({ length: 6 }, () => someone()));
    const created: number[] = [];
    for (let i = 0; i < MAX_PAGE_SIZE + 4; i++)
      created.push((await rootOn(writers[i % writers.length], forId, `第 ${i} 条`)).id);
    // Likes: the 3rd gets three, the 10th two, the 1st one.
    for (const [at, count] of [
      [2, 3],
      [9, 2],
      [0, 1],
    ])
      for (let i = 0; i < count; i++) expect((await thumb('thumbUp', created[at])).body.code).toBe(0);

    const newest = (await roots({ type: 1, for_id: forId, current: 1, size: 5, order: 'new' })).body.result;
    expect(newest).toMatchObject({ current: 1, size: 5, total: MAX_PAGE_SIZE + 4 });
    expect(newest.list.map((c: { id: number }) => c.id)).toEqual(created.slice(-5).reverse());

    const hot = (await roots({ type: 1, for_id: forId, current: 1, size: 5, order: 'hot' })).body.result.list;
    expect(hot.map((c: { id: number }) => c.id)).toEqual([
      created[2],
      created[9],
      created[0],
      created.at(-1),
      created.at(-2),
    ]);
    expect(hot.map((c: { thumbs_up: number }) => c.thumbs_up)).toEqual([3, 2, 1, 0, 0]);

    const capped = (await roots({ type: 1, for_id: forId, current: 1, size: 500 })).body.result;
    expect(capped.size).toBe(MAX_PAGE_SIZE);
    expect(capped.list).toHaveLength(MAX_PAGE_SIZE);
    expect((await roots({ type: 1, for_id: forId, current: 2, size: 500 })).body.result.list).toHaveLength(4);
    const past = await roots({ type: 1, for_id: forId, current: 3, size: 500 });
    expect(past.status).toBe(200);
    expect(past.body.result).toMatchObject({ current: 3, total: MAX_PAGE_SIZE + 4, list: [] });
    // Without an order, newest first.
    expect((await roots({ type: 1, for_id: forId, current: 1, size: 1 })).body.result.list[0].id).toBe(created.at(-1));
  });

  it('counts roots and replies together', async () => {
    const forId = articleIds[4];
    const before = (await total({ type: 1, for_id: forId })).body.result;
    const [alice, bob] = [await someone(), await someone()];
    const root = await rootOn(alice, forId);
    await replyTo(bob, root, alice.id);
    await replyTo(alice, root, bob.id);
    const after = await total({ type: '1', for_id: String(forId) });
    expect(after.status).toBe(200);
    expect(after.body.result).toBe(before + 3);
  });

  it.each([
    [{ type: 1, for_id: 1, current: 1, size: 10, order: 'old' }, ['order']],
    [{ type: 1, for_id: 1, size: 10 }, ['current']],
    [{ type: 1, for_id: 1, current: 1, size: 'ten' }, ['size']],
    [{ type: 9, for_id: 1, current: 1, size: 10 }, ['type']],
    [{ type: 1, current: 1, size: 10 }, ['for_id']],
  ])('refuses the root query %j', async (body, fields) => {
    const res = await roots(body);
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual(fields);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a bad total query', async () => {
    for (const body of [{ type: 1 }, { for_id: 1 }, { type: 5, for_id: 1 }])
      expect((await total(body)).status).toBe(400);
  });
});

describe('liking a comment', () => {
  it('counts one like per user and per address, and tips on a repeat', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const root = await rootOn(alice, articleIds[5]);
    const first = await thumb('thumbUp', root.id, { who: bob });
    expect(first.body).toEqual({ code: 0, message: 'success', result: 1 });
    // The same user from another address is still the same reader.
    const again = await thumb('thumbUp', root.id, { who: bob });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ code: 100, message: '你已经点过赞啦', result: 1 });

    const ip = freshIp(BLOCK);
    expect((await thumb('thumbUp', root.id, { ip })).body.result).toBe(2);
    expect((await thumb('thumbUp', root.id, { ip })).body).toMatchObject({ code: 100, result: 2 });

    const listedFor = async (who: Person | null, from?: string) =>
      (await roots({ type: 1, for_id: articleIds[5], current: 1, size: 50 }, who, from)).body.result.list.find(
        (c: { id: number }) => c.id === root.id,
      );
    expect(await listedFor(bob)).toMatchObject({ thumbs_up: 2, is_like: true });
    expect(await listedFor(alice)).toMatchObject({ thumbs_up: 2, is_like: false });
    expect(await listedFor(null, ip)).toMatchObject({ is_like: true });
    expect(await listedFor(null, freshIp(BLOCK))).toMatchObject({ is_like: false });

    expect((await thumb('cancelThumbUp', root.id, { who: bob })).body).toEqual({
      code: 0,
      message: 'success',
      result: 1,
    });
    expect((await thumb('cancelThumbUp', root.id, { who: bob })).body).toEqual({
      code: 100,
      message: '你还没有点赞哦',
      result: 1,
    });
    expect((await thumb('cancelThumbUp', root.id, { ip: freshIp(BLOCK) })).body).toMatchObject({
      code: 100,
      result: 1,
    });
  });

  it('likes replies too, shown in the reply list', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const root = await rootOn(alice, articleIds[5]);
    const answer = await replyTo(bob, root, alice.id);
    expect((await thumb('thumbUp', answer.id, { who: alice })).body.result).toBe(1);
    const listed = (await children({ parent_id: root.id, current: 1, size: 10 }, alice)).body.result.list[0];
    expect(listed).toMatchObject({ id: answer.id, thumbs_up: 1, is_like: true });
  });

  it('answers 404 for an unknown comment and 400 for a bad id', async () => {
    for (const action of ['thumbUp', 'cancelThumbUp'] as const) {
      const missing = await thumb(action, UNKNOWN);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('评论不存在');
      expect((await thumb(action, 'abc')).status).toBe(400);
      expect((await thumb(action, 0)).status).toBe(400);
    }
  });

  it('works through the generic like routes as type 4, on the same likes', async () => {
    const alice = await someone();
    const root = await rootOn(alice, articleIds[5]);
    const ip = freshIp(BLOCK);
    const generic = (call: string, body: unknown) => api.call('POST', `/like/${call}`, asReader({ body, ip }));
    const body = { for_id: root.id, type: 4, user_id: alice.id };
    expect((await generic('getIsLikeByIdAndType', body)).body.result).toBe(false);
    expect((await generic('addLike', body)).body).toEqual({ code: 0, message: 'success', result: true });
    expect((await generic('addLike', body)).body.result).toBe(true);
    expect((await generic('getIsLikeByIdAndType', body)).body.result).toBe(true);
    // One like, whichever route recorded it; the user_id in the body does not make it alice's.
    expect((await thumb('thumbUp', root.id, { ip })).body).toMatchObject({ code: 100, result: 1 });
    expect(
      (await roots({ type: 1, for_id: articleIds[5], current: 1, size: 50 }, alice)).body.result.list.find(
        (c: { id: number }) => c.id === root.id,
      ),
    ).toMatchObject({
      thumbs_up: 1,
      is_like: false,
    });
    expect((await generic('cancelLike', body)).body.result).toBe(true);
    expect((await generic('getIsLikeByIdAndType', body)).body.result).toBe(false);
    expect((await thumb('cancelThumbUp', root.id, { ip })).body).toMatchObject({ code: 100, result: 0 });

    for (const call of ['getIsLikeByIdAndType', 'addLike', 'cancelLike']) {
      const missing = await generic(call, { for_id: UNKNOWN, type: 4 });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('评论不存在');
    }
  });
});

describe('deleting', () => {
  it('lets the author delete a reply, and nobody else but an admin', async () => {
    const [alice, bob, carol] = [await someone(), await someone(), await someone()];
    const root = await rootOn(alice, articleIds[6]);
    const answer = await replyTo(bob, root, alice.id);
    const other = await replyTo(carol, root, alice.id);

    const refused = await remove(alice, `${answer.id}/${root.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('只能删除自己的评论');
    expect((await children({ parent_id: root.id, current: 1, size: 10 })).body.result.total).toBe(2);

    expect((await remove(bob, `${answer.id}/${root.id}`)).body).toEqual({ code: 0, message: 'success', result: true });
    expect((await remove(owner, `${other.id}/0`)).body.result).toBe(true);
    expect((await children({ parent_id: root.id, current: 1, size: 10 })).body.result.total).toBe(0);
    const listed = (await roots({ type: 1, for_id: articleIds[6], current: 1, size: 50 })).body.result.list;
    expect(listed.find((c: { id: number }) => c.id === root.id).childrenCount).toBe(0);
    expect((await remove(bob, `${answer.id}/${root.id}`)).status).toBe(404);
  });

  it('deletes a root with its replies and every like of them', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const root = await rootOn(alice, articleIds[7]);
    const kept = await rootOn(alice, articleIds[7], '留下的');
    const answers = [await replyTo(bob, root, alice.id), await replyTo(alice, root, bob.id)];
    const ids = [root.id, ...answers.map((a) => a.id)];
    for (const id of [...ids, kept.id]) await thumb('thumbUp', id, { who: bob });
    await thumb('thumbUp', answers[0].id);
    expect(await likeRows(ids)).toBe(4);
    const totalBefore = (await total({ type: 1, for_id: articleIds[7] })).body.result;

    expect((await remove(alice, `${root.id}/0`)).body.result).toBe(true);
    expect(await likeRows(ids)).toBe(0);
    expect(await likeRows([kept.id])).toBe(1);
    expect((await total({ type: 1, for_id: articleIds[7] })).body.result).toBe(totalBefore - 3);
    expect((await children({ parent_id: root.id, current: 1, size: 10 })).status).toBe(404);
    expect((await thumb('thumbUp', answers[0].id)).status).toBe(404);
    const listed = (await roots({ type: 1, for_id: articleIds[7], current: 1, size: 50 })).body.result.list;
    expect(listed.map((c: { id: number }) => c.id)).toEqual([kept.id]);
  });

  it('lets an admin delete anyone’s root, and takes the path with or without parent_id', async () => {
    const alice = await someone();
    const first = await rootOn(alice, articleIds[8]);
    const second = await rootOn(alice, articleIds[8]);
    expect((await remove(owner, `${first.id}/0`)).status).toBe(200);
    expect((await remove(alice, `${second.id}`)).status).toBe(200);
    expect((await total({ type: 1, for_id: articleIds[8] })).body.result).toBe(0);
  });

  it('needs a login and refuses bad ids', async () => {
    const alice = await someone();
    const root = await rootOn(alice, articleIds[8]);
    expect((await remove(null, `${root.id}/0`)).status).toBe(401);
    for (const path of ['abc/0', '0/0', `${root.id}/x`, `${root.id}/-1`]) {
      const res = await remove(alice, path);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    const unknown = await remove(alice, `${UNKNOWN}/0`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('评论不存在');
    expect((await total({ type: 1, for_id: articleIds[8] })).body.result).toBe(1);
  });
});

describe('comment limit', () => {
  it(`takes ${COMMENTS_PER_MINUTE} comments and replies a minute per user, then answers 429`, async () => {
    const [writer, other] = [await someone(), await someone()];
    const root = await rootOn(other, articleIds[9]);
    for (let i = 0; i < COMMENTS_PER_MINUTE - 1; i++)
      expect((await add(writer, { type: 1, for_id: articleIds[9], content: `第 ${i} 条` })).status).toBe(200);
    expect(
      (await reply(writer, { type: 1, for_id: articleIds[9], parent_id: root.id, to_id: other.id, content: '回复' }))
        .status,
    ).toBe(200);
    for (const over of [
      await add(writer, { type: 1, for_id: articleIds[9], content: '太多了' }),
      await reply(writer, { type: 1, for_id: articleIds[9], parent_id: root.id, to_id: other.id, content: '太多了' }),
    ]) {
      expect(over.status).toBe(429);
      expect(over.body.message).toBe(`评论太频繁了，每分钟最多 ${COMMENTS_PER_MINUTE} 条，请稍后再试`);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another user is not held back by this one.
    expect((await add(other, { type: 1, for_id: articleIds[9], content: '我还可以' })).status).toBe(200);
    const { total: count } = (await roots({ type: 1, for_id: articleIds[9], current: 1, size: 50 })).body.result;
    expect(count).toBe(COMMENTS_PER_MINUTE + 1);
  });
});

describe('IP 属地 switched off', () => {
  it('looks up, keeps and shows no place for comments or posts', async () => {
    const off = await startApi({ IP_LOCATION: 'off' });
    try {
      const writer = await newPerson(off, 'noplace', BLOCK);
      const comment = await off.call('POST', '/comment/add', {
        body: { type: 1, for_id: articleIds[0], content: '没有属地' },
        headers: writer.auth,
        ip: '120.24.78.68',
      });
      expect(comment.status).toBe(200);
      expect(comment.body.result).not.toHaveProperty('ipAddress');
      const listed = (
        await off.call('POST', '/comment/frontGetParentComment', {
          body: { type: 1, for_id: articleIds[0], current: 1, size: 10, order: 'new' },
        })
      ).body.result.list;
      expect(listed[0]).not.toHaveProperty('ipAddress');
      const post = await off.call('POST', '/message/add', {
        body: { message: '没有属地的留言' },
        headers: writer.auth,
        ip: '120.24.78.68',
      });
      expect(post.body.result).not.toHaveProperty('ipAddress');
      expect(await off.sql("SELECT count(*) AS n FROM comments WHERE ip_location != ''")).toEqual([
        expect.objectContaining({ n: 0 }),
      ]);
      expect(await off.sql("SELECT count(*) AS n FROM messages WHERE ip_location != ''")).toEqual([
        expect.objectContaining({ n: 0 }),
      ]);
    } finally {
      await off.stop();
    }
  });
});

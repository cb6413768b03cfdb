import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIKES_PER_MINUTE, MESSAGES_PER_MINUTE } from '../../src/contract/limits';
import type { BoardMessage } from '../../src/contract/messages';
import { makePng } from '../fixtures/images';
import { RESENT_WITHIN_MINUTES } from '../../src/server/shared/resent';
import { startApi, type ApiClient } from './api';
import { secondsEarlier } from './databases';
import { freshIp, newPerson, ownerLogin, type Person, startOwnedApi } from './people';

const BLOCK = 63;
const UNKNOWN = 987654;
const ip = () => freshIp(BLOCK);
type Options = { ip?: string; headers?: Record<string, string> };

let api: ApiClient;
let owner: Person;
let alice: Person;
let bob: Person;
beforeAll(async () => {
  api = await startOwnedApi();
  owner = await ownerLogin(api, BLOCK);
  alice = await newPerson(api, 'boardalice', BLOCK, 'A&B<i>爱丽丝');
  bob = await newPerson(api, 'boardbob', BLOCK, '鲍勃');
});
afterAll(() => api?.stop());

const sql = (statement: string, args: (string | number | null)[] = []) => api.sql(statement, args);
const countOf = async (statement: string, args: (string | number)[] = []) => Number((await sql(statement, args))[0].n);

/** Each reader may post MESSAGES_PER_MINUTE times a minute: tests that post a lot take fresh readers. */
let people = 0;
const someone = () => newPerson(api, `boarduser${++people}`, BLOCK, `读者${people}`);

const add = (person: Person, body: unknown) =>
  api.call('POST', '/message/add', { body, headers: person.auth, ip: ip() });
const update = (person: Person, body: unknown) =>
  api.call('POST', '/message/update', { body, headers: person.auth, ip: ip() });
const remove = (person: Person, idList: unknown) =>
  api.call('PUT', '/message/delete', { body: { idList }, headers: person.auth, ip: ip() });
/** A reader without an account is a browser, told apart by its reader cookie: here, one browser per address. */
const asReader = <O extends { ip?: string }>(options: O) => ({ reader: options.ip, ...options });
const list = (body: unknown, options: Options = {}) =>
  api.call('POST', '/message/getMessageList', asReader({ body, ...options }));
const one = (id: number | string, options: Options = {}) =>
  api.call('GET', `/message/getMessageById/${id}`, asReader(options));
const like = (id: number | string, options: Options) => api.call('PUT', `/message/like/${id}`, asReader(options));
const unlike = (id: number | string, options: Options) =>
  api.call('PUT', `/message/cancelLike/${id}`, asReader(options));
const generic = (path: string, body: unknown, options: Options) =>
  api.call('POST', `/like/${path}`, asReader({ body, ...options }));

/** Each post its own words: the same post again soon after is a resend, answered with the first. */
let postsMade = 0;
async function post(person: Person, body: Record<string, unknown> = {}): Promise<BoardMessage> {
  const res = await add(person, { message: `路过留个言 ${++postsMade}`, ...body });
  if (res.status !== 200) throw new Error(`留言失败：${res.body.message}`);
  return res.body.result;
}

async function upload(person: Person): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'bg.png');
  const res = await fetch(`${api.server.url}/api/upload/img`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-For': ip(), ...person.auth },
    body: form,
  });
  return (await res.json()).result.url;
}

describe('posting', () => {
  it('needs a login', async () => {
    const res = await api.call('POST', '/message/add', { body: { message: '匿名' }, ip: ip() });
    expect(res.status).toBe(401);
  });

  it('keeps the text as written, trimmed, with the default look and the poster from the session', async () => {
    const text = '你好\n第二行 🎉 <script>alert(1)</script> &amp;';
    const res = await add(alice, { message: `  ${text}\n `, user_id: bob.id });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      id: expect.any(Number),
      message: text,
      color: '',
      font_size: null,
      font_weight: '',
      bg_color: '',
      bg_url: '',
      tag: '',
      user_id: alice.id,
      nick_name: alice.nickName,
      avatar: '',
      like_times: 0,
      is_like: false,
      comment_total: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      // A private test address has no known place.
      ipAddress: '未知',
    });
    expect(await sql('SELECT message, user_id FROM messages WHERE id = ?', [res.body.result.id])).toEqual([
      expect.objectContaining({ message: text, user_id: alice.id }),
    ]);
  });

  it('shows the poster’s IP 属地, never the address', async () => {
    const person = await someone();
    const res = await api.call('POST', '/message/add', {
      body: { message: '来自上海' },
      headers: person.auth,
      ip: '202.96.209.133',
    });
    expect(res.body.result.ipAddress).toBe('上海');
    expect((await one(res.body.result.id)).body.result.ipAddress).toBe('上海');
    expect(JSON.stringify(await sql('SELECT * FROM messages WHERE id = ?', [res.body.result.id]))).not.toContain(
      '202.96',
    );
  });

  it('takes a full look, an own upload as background, and null as empty', async () => {
    const person = await someone();
    const background = await upload(person);
    const look = {
      color: '#abc',
      font_size: '18px',
      font_weight: 700,
      bg_color: 'rgba(0, 0, 0, 0.5)',
      bg_url: background,
      tag: ' 生活 ',
    };
    // Image addresses come back absolute, on the site's address (docs/api.md §1.1).
    expect(await post(person, look)).toMatchObject({
      ...look,
      bg_url: api.server.url + background,
      font_size: 18,
      font_weight: '700',
      tag: '生活',
      user_id: person.id,
    });
    expect(
      await post(person, { color: null, font_size: null, font_weight: null, bg_color: null, bg_url: null, tag: null }),
    ).toMatchObject({
      color: '',
      font_size: null,
      font_weight: '',
      bg_color: '',
      bg_url: '',
      tag: '',
    });
  });

  it('takes 500 characters, an emoji counting as one, and refuses 501', async () => {
    const person = await someone();
    expect((await post(person, { message: '😀'.repeat(500) })).message).toBe('😀'.repeat(500));
    const long = await add(person, { message: '字'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ code: 400, message: '留言内容最多 500 个字', result: { fields: ['message'] } });
  });

  it.each([
    [{}, '请输入留言内容'],
    [{ message: '   \n ' }, '留言内容不能为空'],
    [{ message: 42 }, '留言内容必须是文字'],
    [{ message: '铃\u0007声' }, '留言内容不能包含控制字符'],
  ])('refuses the message of %j', async (body, message) => {
    // A refused post spends the poster's budget: each case posts as someone new.
    const res = await add(await someone(), body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message, result: { fields: ['message'] } });
  });

  it.each([
    ...[
      'red',
      '#12',
      '#12345',
      '#ggg',
      'rgb(256, 0, 0)',
      'rgb(1, 2)',
      'rgba(0, 0, 0, 2)',
      'rgb(10%, 0, 0)',
      'var(--x)',
      'url(x.png)',
      '#fff;background:url(x)',
      7,
    ].map((value) => ['color', value] as const),
    ...['blue', '#1234567', 'rgba(0,0,0,0.5', 'hsl(0, 0, 0)'].map((value) => ['bg_color', value] as const),
    ...['11px', '41px', 41, 11, 16.5, '16.5px', '1em', '016px', '18 px', true].map(
      (value) => ['font_size', value] as const,
    ),
    ...['950', '150', '0', 'bolder', 'bold;', 1000, 450].map((value) => ['font_weight', value] as const),
    ...['十一个字的标签名字太长', '<b>', 'a>b', 'a\nb', 5].map((value) => ['tag', value] as const),
    ...['https://example.com/a.png', '/img/talks/cat.svg', '/uploads/../secret.png', '/uploads/abc.png', 3].map(
      (value) => ['bg_url', value] as const,
    ),
  ])('refuses %s %j with a Chinese message naming the field', async (field, value) => {
    const res = await add(await someone(), { message: '样式不对', [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual([field]);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("refuses someone else's upload as background, and posts nothing", async () => {
    const person = await someone();
    const theirs = await upload(bob);
    const before = await countOf('SELECT count(*) AS n FROM messages');
    const res = await add(person, { message: '借张图', bg_url: theirs });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: '只能使用自己上传的图片作为背景', result: { fields: ['bg_url'] } });
    expect(await countOf('SELECT count(*) AS n FROM messages')).toBe(before);
  });

  it('refuses a body that is not an object', async () => {
    const res = await add(await someone(), [1, 2]);
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual(['body']);
  });

  it('publishes the original front end’s form as it sends it, with the size in pixels as a number', async () => {
    const person = await someone();
    const posted = await post(person, {
      message: '原版前端的默认样式',
      font_size: 16,
      font_weight: 500,
      bg_color: 'transparent',
      color: '#676767',
    });
    expect(posted).toMatchObject({ font_size: 16, font_weight: '500', bg_color: 'transparent', color: '#676767' });
    expect((await one(posted.id)).body.result.font_size).toBe(16);
    for (const size of ['16px', '16', 16]) expect((await post(person, { font_size: size })).font_size).toBe(16);
  });

  it(`answers the same post sent again within ${RESENT_WITHIN_MINUTES} minutes with the first one, telling the admins once`, async () => {
    const person = await someone();
    const body = { message: '网不好，又发了一次', tag: '重发', color: '#ff0000' };
    const notices = async () => Number((await sql('SELECT count(*) AS n FROM notifications'))[0].n);
    const first = await post(person, body);
    const told = await notices();
    expect(await post(person, body)).toEqual(first);
    expect(await notices()).toBe(told);
    const quick = await someone();
    const [one, two] = await Promise.all([post(quick, { message: '连按两下' }), post(quick, { message: '连按两下' })]);
    expect(one.id).toBe(two.id);
    expect(await countOf('SELECT count(*) AS n FROM messages WHERE user_id = ?', [quick.id])).toBe(1);

    // Another look, another poster, or later: a new post.
    expect((await post(person, { ...body, color: '#00ff00' })).id).not.toBe(first.id);
    expect((await post(quick, body)).id).not.toBe(first.id);
    await sql(`UPDATE messages SET created_at = ${secondsEarlier('created_at')} WHERE id = ?`, [
      RESENT_WITHIN_MINUTES * 60 + 1,
      first.id,
    ]);
    expect((await post(person, body)).id).not.toBe(first.id);
    // The post made old would come out of order in the listing tests below.
    await remove(person, [first.id]);
  });

  it(`allows ${MESSAGES_PER_MINUTE} posts a minute per reader`, async () => {
    const person = await someone();
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++)
      expect((await add(person, { message: `第 ${i + 1} 条` })).status).toBe(200);
    const over = await add(person, { message: '第六条' });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(`留言太频繁了，每分钟最多发布 ${MESSAGES_PER_MINUTE} 条，请稍后再试`);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await countOf('SELECT count(*) AS n FROM messages WHERE user_id = ?', [person.id])).toBe(
      MESSAGES_PER_MINUTE,
    );
    // The budget is the reader's own.
    expect((await add(await someone(), { message: '我还能发' })).status).toBe(200);
  });

  it('counts refused posts against the budget: checking them costs as much', async () => {
    const person = await someone();
    // A colour built to make a backtracking pattern run for seconds is refused at once.
    const attack = `rgba(1,1,1,${'1'.repeat(30_000)}x`;
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++)
      expect((await add(person, { message: '看颜色', color: attack })).status).toBe(400);
    expect((await add(person, { message: '正常的留言' })).status).toBe(429);
    expect(await countOf('SELECT count(*) AS n FROM messages WHERE user_id = ?', [person.id])).toBe(0);
  });

  it.each([
    ['#abcd', '#abcd'],
    ['transparent', 'transparent'],
    ['hsl(120, 50%, 40%)', 'hsl(120, 50%, 40%)'],
    ['hsla(120deg, 50%, 40%, 0.3)', 'hsla(120deg, 50%, 40%, 0.3)'],
    ['rgba(1, 2, 3, 50%)', 'rgba(1, 2, 3, 50%)'],
    // The original front end's picker offers HSV, which CSS lacks: stored as the RGB it means.
    ['hsv(0, 100%, 100%)', 'rgb(255, 0, 0)'],
    ['hsva(240, 100%, 50%, 0.5)', 'rgba(0, 0, 128, 0.5)'],
  ])('takes the colour %s as %s', async (value, stored) => {
    const person = await someone();
    expect(await post(person, { color: value, bg_color: value })).toMatchObject({ color: stored, bg_color: stored });
  });

  it.each([
    'red',
    'rgb(256, 0, 0)',
    'hsl(361, 0%, 0%)',
    'hsl(1, 2, 3)',
    'rgb(1%, 2, 3)',
    'rgba(1, 2, 3, 1.5)',
    'url(x)',
    '#12345',
    `#${'a'.repeat(70)}`,
  ])('refuses the colour %s', async (value) => {
    const res = await add(await someone(), { message: '颜色不对', color: value });
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual(['color']);
  });

  it('tells every admin of a new post, with the poster escaped, but not the poster', async () => {
    const notices = async (person: Person) =>
      (
        await api.call('POST', '/notify/getNotifyList', {
          body: { current: 1, size: 50, userId: person.id },
          headers: person.auth,
        })
      ).body.result.list as {
        type: number;
        to_id: number;
        message: string;
      }[];
    const second = await someone();
    await sql('UPDATE users SET role = 1 WHERE id = ?', [second.id]);

    const posted = await post(alice, {
      message: '站长好！这是一条很长很长的留言，用来看通知里的摘录会不会被截断，多写几个字',
    });
    for (const admin of [owner, second]) {
      const notice = (await notices(admin)).find((n) => n.to_id === posted.id);
      expect(notice).toMatchObject({ type: 3, to_id: posted.id });
      expect(notice!.message).toContain('A&amp;B&lt;i&gt;爱丽丝');
      expect(notice!.message).not.toContain('<i>');
      expect(notice!.message).toContain('站长好！');
    }
    expect((await notices(alice)).some((n) => n.to_id === posted.id)).toBe(false);

    const own = await post(owner, { message: '站长自己的留言' });
    expect((await notices(owner)).some((n) => n.to_id === own.id)).toBe(false);
    expect((await notices(second)).some((n) => n.to_id === own.id)).toBe(true);
    await sql('UPDATE users SET role = 2 WHERE id = ?', [second.id]);
  });
});

describe('reading the board', () => {
  let mine: BoardMessage[];
  let writer: Person;
  beforeAll(async () => {
    writer = await someone();
    mine = [];
    for (const [i, tag] of ['旅行', '旅行日记', '旅行', ''].entries())
      mine.push(await post(writer, { message: `去${tag || '哪儿'}，第 ${i + 1} 次`, tag }));
  });

  it('lists newest first, with the total', async () => {
    const { body } = await list({ current: 1, size: 50 });
    const total = await countOf('SELECT count(*) AS n FROM messages');
    expect(body.result).toMatchObject({ current: 1, size: 50, total });
    const ids = body.result.list.map((m: BoardMessage) => m.id);
    expect(ids.slice(0, 4)).toEqual(mine.map((m) => m.id).reverse());
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by the exact tag, by author_id, and by words in the text', async () => {
    const tagged = (await list({ current: 1, size: 50, tag: '旅行' })).body.result;
    expect(tagged.total).toBe(2);
    expect(tagged.list.map((m: BoardMessage) => m.id)).toEqual([mine[2].id, mine[0].id]);

    const byWriter = (await list({ current: 1, size: 50, author_id: writer.id })).body.result;
    expect(byWriter.list.map((m: BoardMessage) => m.id)).toEqual(mine.map((m) => m.id).reverse());
    expect(
      (await list({ current: 1, size: 50, author_id: String(writer.id), tag: '旅行日记' })).body.result.list.map(
        (m: BoardMessage) => m.id,
      ),
    ).toEqual([mine[1].id]);
    expect((await list({ current: 1, size: 10, author_id: bob.id })).body.result).toMatchObject({ total: 0, list: [] });

    const found = (await list({ current: 1, size: 50, message: '去旅行日' })).body.result;
    expect(found.list.map((m: BoardMessage) => m.id)).toEqual([mine[1].id]);
    // % and _ are searched for as themselves.
    expect(
      (await list({ current: 1, size: 50, message: '%' })).body.result.list.every((m: BoardMessage) =>
        m.message.includes('%'),
      ),
    ).toBe(true);

    const total = await countOf('SELECT count(*) AS n FROM messages WHERE NOT hidden');
    for (const empty of [
      { tag: '' },
      { tag: null },
      { author_id: '' },
      { author_id: null },
      { message: '' },
      { message: null },
    ]) {
      expect((await list({ current: 1, size: 1, ...empty })).body.result.total).toBe(total);
    }
  });

  it('takes user_id as the original front end sends it, the viewer, and lists everyone’s posts', async () => {
    const total = await countOf('SELECT count(*) AS n FROM messages WHERE NOT hidden');
    const asViewer = (await list({ current: 1, size: 50, user_id: bob.id }, { headers: bob.auth })).body.result;
    expect(asViewer.total).toBe(total);
    expect(asViewer.list.some((m: BoardMessage) => m.user_id !== bob.id)).toBe(true);
  });

  it('caps the size at 50 and is empty past the end', async () => {
    expect((await list({ current: 1, size: 500 })).body.result.size).toBe(50);
    const past = await list({ current: 999, size: 10 });
    expect(past.status).toBe(200);
    expect(past.body.result.list).toEqual([]);
  });

  it.each([
    [{ current: 0, size: 10 }, ['current']],
    [{ current: 1, size: 'x' }, ['size']],
    [{ current: 1, size: 10, tag: '十一个字的标签名字太长' }, ['tag']],
    [{ current: 1, size: 10, tag: 3 }, ['tag']],
    [{ current: 1, size: 10, user_id: 'abc' }, ['user_id']],
    [{ current: 1, size: 10, user_id: 0 }, ['user_id']],
    [{ current: 1, size: 10, author_id: 'abc' }, ['author_id']],
    [{ current: 1, size: 10, message: 5 }, ['message']],
    [{ current: 1, size: 10, message: 'x'.repeat(51) }, ['message']],
    ['list', ['body']],
  ])('refuses %j', async (body, fields) => {
    const res = await list(body);
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual(fields);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers one post as the list shows it, 404 for an unknown one', async () => {
    const listed = (await list({ current: 1, size: 50, author_id: writer.id })).body.result.list[1];
    expect((await one(listed.id)).body).toEqual({ code: 0, message: 'success', result: listed });
    expect((await one(UNKNOWN)).body).toEqual({ code: 404, message: '留言不存在' });
    expect((await one('abc')).status).toBe(400);
  });

  it("counts each post's comments, replies included", async () => {
    const [target, other] = [mine[0].id, mine[1].id];
    const insert = (type: number, forId: number, parentId: number | null = null) =>
      sql('INSERT INTO comments (type, for_id, parent_id, user_id, content) VALUES (?, ?, ?, ?, ?) RETURNING id', [
        type,
        forId,
        parentId,
        bob.id,
        '同意',
      ]);
    const [root] = await insert(3, target);
    await insert(3, target, Number(root.id));
    await insert(3, other);
    await insert(1, target);
    await insert(2, target);
    const shown = (await list({ current: 1, size: 50, author_id: writer.id })).body.result.list as BoardMessage[];
    expect(shown.find((m) => m.id === target)!.comment_total).toBe(2);
    expect(shown.find((m) => m.id === other)!.comment_total).toBe(1);
    expect((await one(target)).body.result.comment_total).toBe(2);
  });
});

describe('editing', () => {
  let person: Person;
  let original: BoardMessage;
  beforeAll(async () => {
    person = await someone();
    original = await post(person, { message: '原文', color: '#111', tag: '原标签', font_size: '14px' });
  });
  // These tests edit one post many times: each starts with the editing budgets spent on none.
  beforeEach(() => sql("DELETE FROM rate_limits WHERE key LIKE '%修改太频繁%'"));

  it(`allows ${MESSAGES_PER_MINUTE} edits a minute per reader, refused ones included`, async () => {
    expect((await update(person, { id: original.id, color: 'red' })).status).toBe(400);
    for (let i = 1; i < MESSAGES_PER_MINUTE; i++)
      expect((await update(person, { id: original.id, tag: `第${i}次` })).status).toBe(200);
    const over = await update(person, { id: original.id, tag: '再改' });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(`修改太频繁了，每分钟最多修改 ${MESSAGES_PER_MINUTE} 次，请稍后再试`);
    expect((await one(original.id)).body.result.tag).toBe(`第${MESSAGES_PER_MINUTE - 1}次`);
  });

  it.each([
    ['color', '#ABC', '#ABC'],
    ['color', '#aabbcc80', '#aabbcc80'],
    ['color', 'rgb(0,0,0)', 'rgb(0,0,0)'],
    ['bg_color', 'rgba(255, 255, 255, .5)', 'rgba(255, 255, 255, .5)'],
    ['font_size', '12px', 12],
    ['font_size', 40, 40],
    ['font_weight', 'BOLD', 'bold'],
    ['font_weight', 'normal', 'normal'],
    ['font_weight', 100, '100'],
    ['font_weight', '900', '900'],
    ['tag', '十个字的标签名字刚好', '十个字的标签名字刚好'],
  ])('takes %s %j', async (field, value, stored) => {
    const res = await update(person, { id: original.id, [field]: value });
    expect(res.status).toBe(200);
    expect(res.body.result[field]).toBe(stored);
  });

  it('changes only what is sent; null clears', async () => {
    const before = (await one(original.id)).body.result;
    expect(before.tag).not.toBe('');
    const res = await update(person, { id: original.id, message: ' 改过了 ', tag: null });
    expect(res.body.result).toEqual({ ...before, message: '改过了', tag: '' });
    expect(res.body.result.createdAt).toBe(original.createdAt);
    expect((await one(original.id)).body.result.message).toBe('改过了');
  });

  it("takes an own upload as background, keeps it without a new check, and refuses someone else's", async () => {
    const mine = await upload(person);
    expect((await update(person, { id: original.id, bg_url: mine })).body.result.bg_url).toBe(api.server.url + mine);
    // Sent back as it was answered, absolute, it is the same upload.
    expect((await update(person, { id: original.id, bg_url: api.server.url + mine })).status).toBe(200);
    expect((await update(person, { id: original.id, bg_url: mine, message: '还是这张图' })).status).toBe(200);
    const refused = await update(person, { id: original.id, bg_url: await upload(bob) });
    expect(refused.body).toEqual({
      code: 400,
      message: '只能使用自己上传的图片作为背景',
      result: { fields: ['bg_url'] },
    });
    expect((await one(original.id)).body.result.bg_url).toBe(api.server.url + mine);
  });

  it('refuses to edit a post an admin has hidden, and changes nothing, its background file included', async () => {
    const hiddenOne = await post(person, { message: '被隐藏前', bg_url: await upload(person) });
    const background = hiddenOne.bg_url;
    expect(
      (await api.call('PUT', `/admin/messages/${hiddenOne.id}/hidden`, { body: { hidden: true }, headers: owner.auth }))
        .status,
    ).toBe(200);
    const refused = await update(person, { id: hiddenOne.id, message: '偷偷改掉', bg_url: await upload(person) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('这条留言已被管理员隐藏，不能修改');
    expect(await sql('SELECT message FROM messages WHERE id = ?', [hiddenOne.id])).toEqual([
      expect.objectContaining({ message: '被隐藏前' }),
    ]);
    expect((await fetch(background)).status).toBe(200);
    expect(
      (
        await api.call('PUT', `/admin/messages/${hiddenOne.id}/hidden`, {
          body: { hidden: false },
          headers: owner.auth,
        })
      ).status,
    ).toBe(200);
    expect((await one(hiddenOne.id)).body.result).toMatchObject({ message: '被隐藏前', bg_url: background });
  });

  it("refuses someone else's post, even for an admin", async () => {
    for (const other of [bob, owner]) {
      const res = await update(other, { id: original.id, message: '我来改' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 403, message: '只能修改自己的留言' });
    }
    expect((await one(original.id)).body.result.message).not.toBe('我来改');
  });

  it.each([
    ['nothing to change', (id: number) => ({ id }), 400, '没有需要修改的内容'],
    ['an unknown post', () => ({ id: UNKNOWN, message: '改' }), 404, '留言不存在'],
    ['no id', () => ({ message: '改' }), 400, 'id 必须是数字'],
  ])('refuses %s', async (_case, body, status, message) => {
    const res = await update(person, body(original.id));
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it('refuses bad values as adding does, and needs a login', async () => {
    for (const [field, value] of [
      ['message', ''],
      ['color', 'red'],
      ['font_size', '8px'],
      ['font_weight', 'heavy'],
      ['tag', '<>'],
    ]) {
      const res = await update(person, { id: original.id, [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.result.fields).toEqual([field]);
    }
    expect((await api.call('POST', '/message/update', { body: { id: original.id, message: '匿名' } })).status).toBe(
      401,
    );
  });
});

describe('deleting', () => {
  /** A post with a comment, a reply, a like on the post and a like on the comment. */
  async function busyPost(person: Person) {
    const posted = await post(person);
    const [root] = await sql('INSERT INTO comments (type, for_id, user_id, content) VALUES (3, ?, ?, ?) RETURNING id', [
      posted.id,
      bob.id,
      '评论',
    ]);
    await sql('INSERT INTO comments (type, for_id, parent_id, user_id, content) VALUES (3, ?, ?, ?, ?)', [
      posted.id,
      Number(root.id),
      bob.id,
      '回复',
    ]);
    await sql("INSERT INTO likes (type, target_id, actor) VALUES ('comment', ?, 'ip:10.63.250.1')", [Number(root.id)]);
    expect((await like(posted.id, { ip: ip() })).status).toBe(200);
    return { id: posted.id, commentId: Number(root.id) };
  }
  const traces = async ({ id, commentId }: { id: number; commentId: number }) => ({
    posts: await countOf('SELECT count(*) AS n FROM messages WHERE id = ?', [id]),
    comments: await countOf('SELECT count(*) AS n FROM comments WHERE type = 3 AND for_id = ?', [id]),
    postLikes: await countOf("SELECT count(*) AS n FROM likes WHERE type = 'message' AND target_id = ?", [id]),
    commentLikes: await countOf("SELECT count(*) AS n FROM likes WHERE type = 'comment' AND target_id = ?", [
      commentId,
    ]),
  });
  const NONE = { posts: 0, comments: 0, postLikes: 0, commentLikes: 0 };
  const ALL = { posts: 1, comments: 2, postLikes: 1, commentLikes: 1 };

  it('deletes own posts with their comments and likes, and nothing else', async () => {
    const person = await someone();
    const [first, second, kept] = [await busyPost(person), await busyPost(person), await busyPost(person)];
    // Comments on an article and a talk that share the post's id stay.
    await sql('INSERT INTO comments (type, for_id, user_id, content) VALUES (1, ?, ?, ?), (2, ?, ?, ?)', [
      first.id,
      bob.id,
      '文章评论',
      first.id,
      bob.id,
      '说说评论',
    ]);

    const res = await remove(person, [first.id, second.id, first.id]);
    expect(res.body).toEqual({ code: 0, message: 'success', result: true });
    expect(await traces(first)).toEqual(NONE);
    expect(await traces(second)).toEqual(NONE);
    expect(await traces(kept)).toEqual(ALL);
    expect(await countOf('SELECT count(*) AS n FROM comments WHERE type IN (1, 2) AND for_id = ?', [first.id])).toBe(2);
    expect((await one(first.id)).status).toBe(404);
  });

  it("refuses the whole call when any post is someone else's, deleting nothing", async () => {
    const person = await someone();
    const [own, theirs] = [await busyPost(person), await busyPost(bob)];
    const res = await remove(person, [own.id, theirs.id]);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, message: '只能删除自己的留言' });
    expect(await traces(own)).toEqual(ALL);
    expect(await traces(theirs)).toEqual(ALL);
  });

  it('refuses the whole call when any post does not exist', async () => {
    const person = await someone();
    const own = await busyPost(person);
    const res = await remove(person, [own.id, UNKNOWN]);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('留言不存在');
    expect(await traces(own)).toEqual(ALL);
  });

  it("lets an admin delete anyone's posts", async () => {
    const [a, b] = [await busyPost(await someone()), await busyPost(bob)];
    expect((await remove(owner, [a.id, b.id])).body.result).toBe(true);
    expect(await traces(a)).toEqual(NONE);
    expect(await traces(b)).toEqual(NONE);
  });

  it.each([
    [[], ['idList']],
    ['1', ['idList']],
    [undefined, ['idList']],
    [[0], ['idList.0']],
    [[1, 'x'], ['idList.1']],
    [Array.from({ length: 51 }, (_, i) => i + 1), ['idList']],
  ])('refuses idList %j', async (idList, fields) => {
    const res = await remove(alice, idList);
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual(fields);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('needs a login', async () => {
    expect((await api.call('PUT', '/message/delete', { body: { idList: [1] } })).status).toBe(401);
  });
});

describe('likes', () => {
  let id: number;
  beforeAll(async () => {
    id = (await post(await someone(), { message: '给我点赞' })).id;
  });
  const stored = async (postId: number) => ({
    counter: Number((await sql('SELECT likes FROM messages WHERE id = ?', [postId]))[0].likes),
    rows: await countOf("SELECT count(*) AS n FROM likes WHERE type = 'message' AND target_id = ?", [postId]),
  });

  it('counts one like per address; a repeat is a tip; unliking counts down once', async () => {
    const [a, b] = [ip(), ip()];
    expect((await like(id, { ip: a })).body).toEqual({ code: 0, message: 'success', result: 1 });
    expect((await like(id, { ip: a })).body).toEqual({ code: 100, message: '你已经点过赞啦', result: 1 });
    expect((await like(id, { ip: b })).body.result).toBe(2);
    expect(await stored(id)).toEqual({ counter: 2, rows: 2 });
    expect((await one(id, { ip: a })).body.result).toMatchObject({ like_times: 2, is_like: true });
    expect((await one(id, { ip: ip() })).body.result).toMatchObject({ like_times: 2, is_like: false });

    expect((await unlike(id, { ip: a })).body).toEqual({ code: 0, message: 'success', result: 1 });
    expect((await unlike(id, { ip: a })).body).toEqual({ code: 100, message: '你还没有点赞哦', result: 1 });
    expect((await unlike(id, { ip: ip() })).body).toMatchObject({ code: 100, result: 1 });
    expect(await stored(id)).toEqual({ counter: 1, rows: 1 });
  });

  it('counts a logged-in reader once, from any address', async () => {
    const before = (await one(id)).body.result.like_times;
    expect((await like(id, { ip: ip(), headers: alice.auth })).body).toMatchObject({ code: 0, result: before + 1 });
    expect((await like(id, { ip: ip(), headers: alice.auth })).body).toMatchObject({ code: 100, result: before + 1 });
    const listed = (await list({ current: 1, size: 50 }, { headers: alice.auth })).body.result.list.find(
      (m: BoardMessage) => m.id === id,
    );
    expect(listed).toMatchObject({ like_times: before + 1, is_like: true });
  });

  it('counts concurrent likes exactly', async () => {
    const target = (await post(await someone())).id;
    const readers = Array.from({ length: 8 }, () => ip());
    await Promise.all([...readers, ...readers].map((who) => like(target, { ip: who })));
    expect(await stored(target)).toEqual({ counter: 8, rows: 8 });
  });

  it('answers 404 for an unknown post and 400 for a bad id', async () => {
    for (const call of [like, unlike]) {
      expect((await call(UNKNOWN, { ip: ip() })).body).toEqual({ code: 404, message: '留言不存在' });
      expect((await call('x', { ip: ip() })).status).toBe(400);
    }
  });

  it('shares one budget of likes a minute with the other like routes', async () => {
    const who = ip();
    for (let i = 0; i < LIKES_PER_MINUTE; i++) {
      const res =
        i % 4 === 0
          ? await like(id, { ip: who })
          : i % 4 === 1
            ? await unlike(id, { ip: who })
            : i % 4 === 2
              ? await generic('addLike', { for_id: id, type: 3 }, { ip: who })
              : await api.call('PUT', '/talk/like/1', asReader({ ip: who }));
      expect(res.status).toBe(200);
    }
    const over = await like(id, { ip: who });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(`点赞太频繁了，每分钟最多 ${LIKES_PER_MINUTE} 次，请稍后再试`);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await generic('cancelLike', { for_id: id, type: 3 }, { ip: who })).status).toBe(429);
  });

  it('generic likes of type 3 record the same like as the post routes', async () => {
    const target = (await post(await someone())).id;
    const who = ip();
    const body = { for_id: target, type: 3, user_id: 1 };
    expect((await generic('getIsLikeByIdAndType', body, { ip: who })).body.result).toBe(false);
    expect((await generic('addLike', body, { ip: who })).body).toEqual({ code: 0, message: 'success', result: true });
    expect((await generic('addLike', body, { ip: who })).body.result).toBe(true);
    expect(await stored(target)).toEqual({ counter: 1, rows: 1 });
    expect((await generic('getIsLikeByIdAndType', body, { ip: who })).body.result).toBe(true);
    expect((await like(target, { ip: who })).body).toMatchObject({ code: 100, result: 1 });
    expect((await generic('cancelLike', body, { ip: who })).body.result).toBe(true);
    expect((await generic('cancelLike', body, { ip: who })).body.result).toBe(true);
    expect(await stored(target)).toEqual({ counter: 0, rows: 0 });
    for (const path of ['getIsLikeByIdAndType', 'addLike', 'cancelLike']) {
      expect((await generic(path, { for_id: UNKNOWN, type: 3 }, { ip: ip() })).body, path).toEqual({
        code: 404,
        message: '留言不存在',
      });
    }
  });
});

describe('comments on a post', () => {
  it("tell the post's author, naming the post, and refuse an unknown post", async () => {
    const posted = await post(bob, { message: '评论我吧' });
    const commenter = await someone();
    const sent = await api.call('POST', '/comment/add', {
      body: { type: 3, for_id: posted.id, content: '说得好' },
      headers: commenter.auth,
      ip: ip(),
    });
    expect(sent.status).toBe(200);
    const told = await api.call('POST', '/notify/getNotifyList', {
      body: { current: 1, size: 10, userId: bob.id },
      headers: bob.auth,
    });
    expect(told.body.result.list[0]).toMatchObject({ type: 3, to_id: posted.id, isView: 1 });
    expect(told.body.result.list[0].message).toContain('留言');
    expect((await one(posted.id)).body.result.comment_total).toBe(1);
    const missing = await api.call('POST', '/comment/add', {
      body: { type: 3, for_id: UNKNOWN, content: '有人吗' },
      headers: commenter.auth,
      ip: ip(),
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('留言不存在');
  });
});

describe('hot tags', () => {
  let board: ApiClient;
  beforeAll(async () => {
    board = await startApi();
  });
  afterAll(() => board?.stop());

  it('answers the most used tags first, at most 10, without the empty tag', async () => {
    const writer = await newPerson(board, 'tagwriter', BLOCK);
    // Twelve tags used 13 down to 2 times, and more untagged posts than any tag; 旧 and 新 tie, 新 used last.
    const uses: [string, number, number][] = [...'一二三四五六七八九十甲'].map((tag, i) => [tag, 13 - i, 1000]);
    uses.push(['旧', 2, 1000], ['新', 2, 2000], ['', 20, 1000]);
    const rows = uses.flatMap(([tag, times, at]) =>
      Array.from({ length: times }, (_, i) => [writer.id, '留言', tag, new Date((at + i) * 1000)]),
    );
    const inserted = await board.sql(
      `INSERT INTO messages (user_id, message, tag, created_at) VALUES ${rows.map(() => '(?, ?, ?, ?)').join(', ')} RETURNING id, tag`,
      rows.flat(),
    );
    const res = await board.call('GET', '/message/getHotTagList');
    expect(res.body.result).toEqual([...'一二三四五六七八九十'].map((tag, i) => ({ tag, count: 13 - i })));

    const mostUsed = Number(inserted.find((row) => row.tag === '一')!.id);
    await board.call('PUT', '/message/delete', { body: { idList: [mostUsed] }, headers: writer.auth });
    expect((await board.call('GET', '/message/getHotTagList')).body.result[0]).toEqual({ tag: '一', count: 12 });
  });

  it('is empty on an empty board', async () => {
    const empty = await startApi();
    try {
      expect((await empty.call('GET', '/message/getHotTagList')).body).toEqual({
        code: 0,
        message: 'success',
        result: [],
      });
    } finally {
      await empty.stop();
    }
  });
});

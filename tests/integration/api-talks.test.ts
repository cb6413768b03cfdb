import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIKES_PER_MINUTE } from '../../src/contract/limits';
import type { Talk } from '../../src/contract/talks';
import type { TalkExport } from '../../src/lib/node/contentIndex';
import { formatDateTime } from '../../src/lib/shared/time';
import { site } from '../../src/site.config';
import { readerCookie, type ApiClient } from './api';
import { freshIp, newPerson, ownerLogin, type Person, startOwnedApi } from './people';

const contentDir = process.env.CONTENT_EXPORT_DIR ?? join(process.env.DIST_DIR ?? 'dist', 'server', 'content');
const exported: TalkExport = JSON.parse(readFileSync(join(contentDir, 'talks.json'), 'utf8'));
const talks = exported.talks;
const UNKNOWN = 987654;
const BLOCK = 64;
const ip = () => freshIp(BLOCK);

let api: ApiClient;
let owner: Person;
let reader: Person;
beforeAll(async () => {
  api = await startOwnedApi();
  owner = await ownerLogin(api, BLOCK);
  reader = await newPerson(api, 'talkreader', BLOCK);
});
afterAll(() => api?.stop());

const sql = (statement: string, args: Parameters<ApiClient['sql']>[1] = []) => api.sql(statement, args);

/** A reader without an account is a browser, told apart by its reader cookie: here, one browser per address. */
const asReader = <O extends { ip?: string }>(options: O) => ({ reader: options.ip, ...options });
const list = (body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  api.call('POST', '/talk/blogGetTalkList', asReader({ body, ...options }));
const everything = async (options: { ip?: string; headers?: Record<string, string> } = {}) =>
  (await list({ current: 1, size: 50 }, options)).body.result.list as Talk[];
const like = (id: number | string, options: { ip?: string; headers?: Record<string, string> }) =>
  api.call('PUT', `/talk/like/${id}`, asReader(options));
const unlike = (id: number | string, options: { ip?: string; headers?: Record<string, string> }) =>
  api.call('PUT', `/talk/cancelLike/${id}`, asReader(options));
const generic = (path: string, body: unknown, options: { ip?: string; headers?: Record<string, string> }) =>
  api.call('POST', `/like/${path}`, asReader({ body, ...options }));
const likeTimes = async (id: number) => (await api.call('GET', `/talk/getTalkById/${id}`)).body.result.like_times;

describe('the export', () => {
  it('holds every talk with its rendered body, images and date', () => {
    expect(talks.length).toBeGreaterThan(3);
    for (const talk of talks) {
      expect(talk.html).toMatch(/^<p>/);
      expect(talk.html).not.toContain('__ASTRO_IMAGE_');
      expect(Number.isNaN(Date.parse(talk.date))).toBe(false);
    }
    expect(talks.some((talk) => talk.images.length > 0)).toBe(true);
    expect(talks.some((talk) => talk.pinned)).toBe(true);
  });
});

describe('talk list', () => {
  it('gives each talk’s text as written, with no markup, and its HTML apart', async () => {
    const shown = (await list({ current: 1, size: 50 })).body.result.list as Talk[];
    for (const item of shown) {
      expect(item.content).not.toMatch(/<\/?(p|a|strong|em)\b/);
      expect(item.content_html).toMatch(/^<p>|<\/p>/);
      expect(item.content.length).toBeGreaterThan(0);
    }
  });

  it('puts pinned talks first, then the newest, with the owner as author', async () => {
    const { status, body } = await list({ current: 1, size: 50 });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ current: 1, size: 50, total: talks.length });
    const shown = body.result.list as Talk[];
    expect(shown).toHaveLength(talks.length);

    const pinned = shown.filter((talk) => talk.is_top === 1).length;
    expect(pinned).toBe(talks.filter((talk) => talk.pinned).length);
    expect(shown.slice(pinned).every((talk) => talk.is_top === 2)).toBe(true);
    const dates = (part: Talk[]) => part.map((talk) => Date.parse(talks.find((t) => t.id === talk.id)!.date));
    for (const part of [shown.slice(0, pinned), shown.slice(pinned)]) {
      const times = dates(part);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }

    for (const item of shown) {
      const source = talks.find((talk) => talk.id === item.id)!;
      expect(item).toEqual({
        id: source.id,
        // The owner's text as written for the original front end, which shows it as text; the HTML beside it.
        content: source.text,
        content_html: source.html,
        talkImgList: source.images.map((image) => (image.startsWith('/') ? api.server.url + image : image)),
        nick_name: site.author,
        avatar: api.server.url + site.avatar,
        like_times: 0,
        is_like: false,
        is_top: source.pinned ? 1 : 2,
        comment_total: 0,
        createdAt: formatDateTime(new Date(source.date)),
      });
    }
  });

  it('pages through the same order, caps the size at 50 and is empty past the end', async () => {
    const all = (await everything()).map((talk) => talk.id);
    const first = (await list({ current: 1, size: 3 })).body.result;
    const second = (await list({ current: '2', size: '3' })).body.result;
    expect(first).toMatchObject({ current: 1, size: 3, total: talks.length });
    expect([...first.list, ...second.list].map((talk: Talk) => talk.id)).toEqual(all.slice(0, 6));

    expect((await list({ current: 1, size: 500 })).body.result.size).toBe(50);
    const past = await list({ current: 99, size: 10 });
    expect(past.status).toBe(200);
    expect(past.body.result).toMatchObject({ current: 99, total: talks.length, list: [] });
  });

  it.each([
    [{ current: 0, size: 10 }, ['current']],
    [{ current: 1, size: 0 }, ['size']],
    [{ current: 'x', size: 10 }, ['current']],
    [{ current: 1.5, size: 10 }, ['current']],
    [{ size: 10 }, ['current']],
    [[1, 2], ['body']],
  ])('refuses %j with a Chinese message', async (body, fields) => {
    const res = await list(body);
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual(fields);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('one talk', () => {
  it('answers the same item as the list', async () => {
    const listed = (await everything())[2];
    const one = await api.call('GET', `/talk/getTalkById/${listed.id}`);
    expect(one.body).toEqual({ code: 0, message: 'success', result: listed });
  });

  it('answers 404 for an unknown talk and 400 for a bad id', async () => {
    expect((await api.call('GET', `/talk/getTalkById/${UNKNOWN}`)).body).toEqual({ code: 404, message: '说说不存在' });
    const bad = await api.call('GET', '/talk/getTalkById/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.result.fields).toEqual(['id']);
  });
});

describe('likes', () => {
  it('counts one like per browser; a repeat is a tip; unliking counts down once', async () => {
    const id = talks[0].id;
    const [a, b] = [ip(), ip()];
    expect((await like(id, { ip: a })).body).toEqual({ code: 0, message: 'success', result: 1 });
    expect((await like(id, { ip: a })).body).toEqual({ code: 100, message: '你已经点过赞啦', result: 1 });
    expect((await like(id, { ip: b })).body.result).toBe(2);

    const seenBy = async (who: string) => (await everything({ ip: who })).find((talk) => talk.id === id)!;
    expect(await seenBy(a)).toMatchObject({ like_times: 2, is_like: true });
    expect(await seenBy(ip())).toMatchObject({ like_times: 2, is_like: false });

    expect((await unlike(id, { ip: a })).body).toEqual({ code: 0, message: 'success', result: 1 });
    expect((await unlike(id, { ip: a })).body).toEqual({ code: 100, message: '你还没有点赞哦', result: 1 });
    expect((await unlike(id, { ip: ip() })).body).toMatchObject({ code: 100, result: 1 });
    expect(await sql('SELECT likes FROM talk_stats WHERE talk_id = ?', [id])).toEqual([
      expect.objectContaining({ likes: 1 }),
    ]);
    // The browser is kept by its cookie's hash alone, never the cookie or the address.
    const browserB = readerCookie(b).split('=')[1];
    expect(await sql("SELECT actor FROM likes WHERE type = 'talk' AND target_id = ?", [id])).toEqual([
      expect.objectContaining({ actor: `reader:${createHash('sha256').update(browserB).digest('hex')}` }),
    ]);
  });

  it('counts a logged-in reader once, from any address', async () => {
    const id = talks[1].id;
    const before = await likeTimes(id);
    expect((await like(id, { ip: ip(), headers: reader.auth })).body).toMatchObject({ code: 0, result: before + 1 });
    expect((await like(id, { ip: ip(), headers: reader.auth })).body).toMatchObject({ code: 100, result: before + 1 });
    expect((await api.call('GET', `/talk/getTalkById/${id}`, { headers: reader.auth })).body.result.is_like).toBe(true);
    expect(
      await sql("SELECT count(*) AS n FROM likes WHERE type = 'talk' AND target_id = ? AND actor = ?", [
        id,
        `user:${reader.id}`,
      ]),
    ).toEqual([expect.objectContaining({ n: 1 })]);
  });

  it('counts concurrent likes exactly', async () => {
    const id = talks[2].id;
    const readers = Array.from({ length: 8 }, () => ip());
    await Promise.all([...readers, ...readers].map((who) => like(id, { ip: who })));
    expect(await likeTimes(id)).toBe(8);
  });

  it('answers 404 for an unknown talk', async () => {
    for (const call of [like, unlike])
      expect((await call(UNKNOWN, { ip: ip() })).body).toEqual({ code: 404, message: '说说不存在' });
  });

  it('shares the like budget with the other like routes', async () => {
    const id = talks[3].id;
    const who = ip();
    for (let i = 0; i < LIKES_PER_MINUTE; i++) {
      const res =
        i % 3 === 0
          ? await like(id, { ip: who })
          : i % 3 === 1
            ? await unlike(id, { ip: who })
            : await generic('addLike', { for_id: id, type: 2 }, { ip: who });
      expect(res.status).toBe(200);
    }
    const over = await like(id, { ip: who });
    expect(over.status).toBe(429);
    expect(over.body.message).toContain('点赞太频繁');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('generic likes of talks (type 2)', () => {
  it('records the same like as the talk routes', async () => {
    const id = talks[4].id;
    const who = ip();
    const body = { for_id: id, type: 2 };
    expect((await generic('getIsLikeByIdAndType', body, { ip: who })).body.result).toBe(false);
    expect((await generic('addLike', body, { ip: who })).body).toEqual({ code: 0, message: 'success', result: true });
    expect((await generic('addLike', body, { ip: who })).body.result).toBe(true);
    expect(await likeTimes(id)).toBe(1);
    expect((await generic('getIsLikeByIdAndType', body, { ip: who })).body.result).toBe(true);
    expect((await like(id, { ip: who })).body).toMatchObject({ code: 100, result: 1 });

    expect((await generic('cancelLike', body, { ip: who })).body.result).toBe(true);
    expect((await generic('cancelLike', body, { ip: who })).body.result).toBe(true);
    expect(await likeTimes(id)).toBe(0);
    expect((await generic('getIsLikeByIdAndType', body, { ip: who })).body.result).toBe(false);
  });

  it('answers 404 for an unknown talk', async () => {
    for (const path of ['getIsLikeByIdAndType', 'addLike', 'cancelLike']) {
      const res = await generic(path, { for_id: UNKNOWN, type: 2 }, { ip: ip() });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ code: 404, message: '说说不存在' });
    }
  });
});

describe('comments on talks', () => {
  it('counts the comments of each talk, replies included, and no other kind', async () => {
    const [id, other] = [talks[5].id, talks[6].id];
    const insert = (type: number, forId: number, parentId: number | null) =>
      sql('INSERT INTO comments (type, for_id, parent_id, user_id, content) VALUES (?, ?, ?, ?, ?) RETURNING id', [
        type,
        forId,
        parentId,
        reader.id,
        '说得好',
      ]);
    const [root] = await insert(2, id, null);
    await insert(2, id, Number(root.id));
    await insert(2, other, null);
    // An article and a message-board post with the same id are not this talk.
    await insert(1, id, null);
    await insert(3, id, null);

    const shown = await everything();
    expect(shown.find((talk) => talk.id === id)!.comment_total).toBe(2);
    expect(shown.find((talk) => talk.id === other)!.comment_total).toBe(1);
    expect((await api.call('GET', `/talk/getTalkById/${id}`)).body.result.comment_total).toBe(2);
  });

  it('count only what readers see: no held comment, and no reply under a hidden or held root', async () => {
    const id = talks[7].id;
    const insert = async (parentId: number | null, { hidden = false, held = false } = {}) =>
      Number(
        (
          await sql(
            'INSERT INTO comments (type, for_id, parent_id, user_id, content, hidden, held) VALUES (2, ?, ?, ?, ?, ?, ?) RETURNING id',
            [id, parentId, reader.id, '只有一部分读者看得见', hidden, held],
          )
        )[0].id,
      );
    await insert(await insert(null));
    await insert(null, { held: true });
    await insert(await insert(null, { hidden: true }));
    await insert(await insert(null, { held: true }));

    expect((await everything()).find((talk) => talk.id === id)!.comment_total).toBe(2);
    expect((await api.call('GET', `/talk/getTalkById/${id}`)).body.result.comment_total).toBe(2);
    expect((await api.call('POST', '/comment/getCommentTotal', { body: { type: 2, for_id: id } })).body.result).toBe(2);
  });

  it('tell the owner of a comment on a talk, and refuse an unknown talk', async () => {
    const sent = await api.call('POST', '/comment/add', {
      body: { type: 2, for_id: talks[0].id, content: '拍得真好' },
      headers: reader.auth,
      ip: ip(),
    });
    expect(sent.status).toBe(200);
    const told = await api.call('POST', '/notify/getNotifyList', {
      body: { current: 1, size: 10, userId: owner.id },
      headers: owner.auth,
    });
    expect(told.body.result.list[0]).toMatchObject({ type: 2, to_id: talks[0].id, isView: 1 });
    expect(told.body.result.list[0].message).toContain('说说');
    const missing = await api.call('POST', '/comment/add', {
      body: { type: 2, for_id: UNKNOWN, content: '有人吗' },
      headers: reader.auth,
      ip: ip(),
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('说说不存在');
  });
});

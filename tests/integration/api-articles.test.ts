import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIKES_PER_MINUTE } from '../../src/contract/limits';
import { nameId } from '../../src/lib/node/contentIds';
import type { ContentIndex } from '../../src/lib/node/contentIndex';
import { startApi, type ApiClient } from './api';
import { TEST_ENGINE } from './databases';

const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
const total = index.articles.length;
const someId = index.articles[3].id;
const UNKNOWN = 987654;
let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.stop());

const home = (current: unknown, size: unknown) => api.call('GET', `/article/blogHomeGetArticleList/${current}/${size}`);

describe('home list and paging', () => {
  it('puts pinned articles first, without content', async () => {
    const { body } = await home(1, 10);
    expect(body.result).toMatchObject({ current: 1, size: 10, total });
    const pinned = index.articles.filter((a) => a.pinned).length;
    expect(body.result.list.slice(0, pinned).every((a: { is_top: number }) => a.is_top === 1)).toBe(true);
    expect(body.result.list[pinned].is_top).toBe(2);
    expect(body.result.list[0]).not.toHaveProperty('article_content');
    expect(body.result.list[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('shows a new view in the list at once', async () => {
    const first = (await home(1, 1)).body.result.list[0];
    const viewed = (await api.call('PUT', `/article/view/${first.id}`)).body.result.view_times;
    expect(viewed).toBe(first.view_times + 1);
    expect((await home(1, 1)).body.result.list[0].view_times).toBe(viewed);
  });

  it('gives an empty list past the end', async () => {
    const { status, body } = await home(99, 10);
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ current: 99, total, list: [] });
  });

  it('caps the size at 50', async () => {
    const { body } = await home(1, 500);
    expect(body.result.size).toBe(50);
    expect(body.result.list).toHaveLength(Math.min(50, total));
  });

  it.each([
    [1, 0, ['size']],
    [0, 10, ['current']],
    ['abc', 10, ['current']],
    [1, 'ten', ['size']],
    [1.5, 10, ['current']],
    [-2, 10, ['current']],
  ])('refuses current=%s size=%s', async (current, size, fields) => {
    const { status, body } = await home(current, size);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.result.fields).toEqual(fields);
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('pages the timeline by year, newest first', async () => {
    const { body } = await api.call('GET', `/article/blogTimelineGetArticleList/1/50`);
    const years = body.result.list.map((y: { year: number }) => y.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const count = body.result.list.reduce((n: number, y: { articleList: unknown[] }) => n + y.articleList.length, 0);
    expect(count).toBe(Math.min(50, total));
    expect(body.result.list[0].articleList[0]).toEqual({
      id: expect.any(Number),
      article_title: expect.any(String),
      article_cover: expect.anything(),
      createdAt: expect.any(String),
    });
  });
});

describe('by tag and by category', () => {
  const tag = index.articles[0].tags[0];
  const category = index.articles[0].category;

  it('lists a tag by its stable id', async () => {
    const { body } = await api.call('POST', '/article/getArticleListByTagId', {
      body: { id: nameId(tag), current: 1, size: 50 },
    });
    expect(body.result.total).toBe(index.articles.filter((a) => a.tags.includes(tag)).length);
    expect(body.result.list.map((a: { id: number }) => a.id)).toContain(index.articles[0].id);
  });

  it('lists a category, paged', async () => {
    const expected = index.articles.filter((a) => a.category === category).length;
    const { body } = await api.call('POST', '/article/getArticleListByCategoryId', {
      body: { id: nameId(category), current: 1, size: 1 },
    });
    expect(body.result).toMatchObject({ total: expected, size: 1 });
    expect(body.result.list).toHaveLength(1);
  });

  it('gives an unknown id an empty page and a bad body a 400', async () => {
    expect(
      (await api.call('POST', '/article/getArticleListByTagId', { body: { id: 1, current: 1, size: 5 } })).body.result,
    ).toMatchObject({ total: 0, list: [] });
    const bad = await api.call('POST', '/article/getArticleListByCategoryId', { body: { current: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.result.fields).toEqual(['id', 'size']);
  });
});

describe('one article', () => {
  it('gives the full article with Markdown and HTML, counting a view', async () => {
    const first = await api.call('GET', `/article/getArticleById/${someId}`);
    const second = await api.call('GET', `/article/getArticleById/${someId}`);
    expect(first.body.result.id).toBe(someId);
    expect(first.body.result.article_content).toMatch(/##/);
    expect(first.body.result.article_html).toMatch(/<h2/);
    expect(second.body.result.view_times).toBe(first.body.result.view_times + 1);
  });

  it('counts a view from the static page and reports the live counters', async () => {
    const a = await api.call('PUT', `/article/view/${someId}`);
    const b = await api.call('PUT', `/article/view/${someId}`);
    expect(a.body.result).toEqual({
      view_times: expect.any(Number),
      thumbs_up_times: expect.any(Number),
      reading_duration: expect.any(Number),
      is_like: false,
    });
    expect(b.body.result.view_times).toBe(a.body.result.view_times + 1);
  });

  it('gives neighbours and up to six recommendations sharing tags', async () => {
    const { body } = await api.call('GET', `/article/getRecommendArticleById/${someId}`);
    const me = index.articles.find((a) => a.id === someId)!;
    expect(body.result.recommend.length).toBeLessThanOrEqual(6);
    for (const r of body.result.recommend) {
      const other = index.articles.find((a) => a.id === r.id)!;
      expect(other.tags.some((t) => me.tags.includes(t))).toBe(true);
    }
    expect(body.result.previous ?? body.result.next).toBeTruthy();
  });

  it('never answers a null neighbour: at either end the article stands in, as the original front end needs', async () => {
    const byDate = [...index.articles].sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id);
    const [oldest, newest] = [byDate[0], byDate.at(-1)!];
    for (const end of [oldest, newest]) {
      const { body } = await api.call('GET', `/article/getRecommendArticleById/${end.id}`);
      for (const side of ['previous', 'next'] as const) {
        expect(body.result[side]).toMatchObject({
          id: expect.any(Number),
          article_title: expect.any(String),
          createdAt: expect.any(String),
        });
      }
      // One of its two sides is the article itself.
      expect([body.result.previous.id, body.result.next.id]).toContain(end.id);
    }
  });

  it('answers 404 for an unknown id on every article route', async () => {
    const calls: [string, string][] = [
      ['GET', `/article/getArticleById/${UNKNOWN}`],
      ['GET', `/article/getRecommendArticleById/${UNKNOWN}`],
      ['PUT', `/article/view/${UNKNOWN}`],
      ['PUT', `/article/like/${UNKNOWN}`],
      ['PUT', `/article/cancelLike/${UNKNOWN}`],
      ['GET', `/article/isLike/${UNKNOWN}`],
      ['PUT', `/article/addReadingDuration/${UNKNOWN}/10`],
    ];
    for (const [method, path] of calls) {
      const res = await api.call(method, path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ code: 404, message: '文章不存在' });
    }
  });

  it('ranks the hot list by views', async () => {
    for (let i = 0; i < 3; i++) await api.call('PUT', `/article/view/${index.articles[5].id}`);
    const { body } = await api.call('GET', '/article/getHotArticle');
    expect(body.result).toHaveLength(5);
    expect(body.result[0]).toEqual({
      id: expect.any(Number),
      article_title: expect.any(String),
      view_times: expect.any(Number),
    });
    const views = body.result.map((a: { view_times: number }) => a.view_times);
    expect(views).toEqual([...views].sort((x, y) => y - x));
    expect(body.result.map((a: { id: number }) => a.id)).toContain(index.articles[5].id);
  });
});

describe('likes', () => {
  const id = index.articles[1].id;
  // Each reader is a browser of its own (its reader cookie) at an address of its own.
  const like = (ip: string) => api.call('PUT', `/article/like/${id}`, { ip, reader: ip });
  const unlike = (ip: string) => api.call('PUT', `/article/cancelLike/${id}`, { ip, reader: ip });

  it('counts one like per reader; a repeat is a tip, not a count', async () => {
    const first = await like('10.2.0.1');
    expect(first.body).toMatchObject({ code: 0, result: 1 });
    const again = await like('10.2.0.1');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ code: 100, result: 1 });
    expect(again.body.message).toMatch(/赞/);
    expect((await like('10.2.0.2')).body.result).toBe(2);
    expect((await api.call('GET', `/article/isLike/${id}`, { ip: '10.2.0.1', reader: '10.2.0.1' })).body.result).toBe(
      true,
    );
    expect((await api.call('GET', `/article/isLike/${id}`, { ip: '10.2.0.3', reader: '10.2.0.3' })).body.result).toBe(
      false,
    );
    // Another browser at the same address is another reader.
    expect((await api.call('GET', `/article/isLike/${id}`, { ip: '10.2.0.1', reader: 'next door' })).body.result).toBe(
      false,
    );
  });

  it('unlikes once, and never below zero', async () => {
    expect((await unlike('10.2.0.1')).body).toMatchObject({ code: 0, result: 1 });
    expect((await unlike('10.2.0.1')).body).toMatchObject({ code: 100, result: 1 });
    expect((await unlike('10.2.0.2')).body.result).toBe(0);
    expect((await unlike('10.2.0.9')).body).toMatchObject({ code: 100, result: 0 });
  });

  it('counts concurrent likes from many readers exactly', async () => {
    const ips = Array.from({ length: 20 }, (_, i) => `10.3.0.${i + 1}`);
    await Promise.all([...ips, ...ips].map((ip) => like(ip)));
    const view = await api.call('PUT', `/article/view/${id}`);
    expect(view.body.result.thumbs_up_times).toBe(20);
  });
});

describe("generic likes (the original front end's routes)", () => {
  // Each address stands for one browser, with its reader cookie.
  const generic = (path: string, body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    api.call('POST', `/like/${path}`, { body, reader: options.ip, ...options });
  const typed = (method: string, path: string, options: { ip: string; headers?: Record<string, string> }) =>
    api.call(method, path, { reader: options.ip, ...options });
  const likes = async (id: number) =>
    (await api.call('PUT', `/article/view/${id}`, { ip: '10.5.255.1' })).body.result.thumbs_up_times;

  it('records an article like idempotently, on the same like as PUT /article/like', async () => {
    const id = index.articles[8].id;
    const ip = '10.5.0.1';
    const body = { for_id: id, type: 1 };
    expect((await generic('getIsLikeByIdAndType', body, { ip })).body).toEqual({
      code: 0,
      message: 'success',
      result: false,
    });
    expect((await generic('addLike', body, { ip })).body).toEqual({ code: 0, message: 'success', result: true });
    expect((await generic('addLike', body, { ip })).body.result).toBe(true);
    expect(await likes(id)).toBe(1);
    expect((await generic('getIsLikeByIdAndType', body, { ip })).body.result).toBe(true);
    expect((await typed('GET', `/article/isLike/${id}`, { ip })).body.result).toBe(true);
    // The typed route sees the same like: a tip, no second count.
    expect((await typed('PUT', `/article/like/${id}`, { ip })).body).toMatchObject({ code: 100, result: 1 });
    expect((await generic('getIsLikeByIdAndType', body, { ip: '10.5.0.2' })).body.result).toBe(false);

    expect((await generic('cancelLike', body, { ip })).body).toEqual({ code: 0, message: 'success', result: true });
    expect((await generic('cancelLike', body, { ip })).body.result).toBe(true);
    expect(await likes(id)).toBe(0);
    expect((await typed('GET', `/article/isLike/${id}`, { ip })).body.result).toBe(false);
  });

  it('counts once when a client calls the typed route and then the generic one, as the original does', async () => {
    const id = index.articles[9].id;
    const body = { for_id: id, type: 1 };
    expect((await typed('PUT', `/article/like/${id}`, { ip: '10.5.1.1' })).body).toMatchObject({ code: 0, result: 1 });
    expect((await generic('addLike', body, { ip: '10.5.1.1' })).body.result).toBe(true);
    await Promise.all(
      ['10.5.1.2', '10.5.1.3'].flatMap((ip) => [
        typed('PUT', `/article/like/${id}`, { ip }),
        generic('addLike', body, { ip }),
      ]),
    );
    expect(await likes(id)).toBe(3);
    expect((await typed('PUT', `/article/cancelLike/${id}`, { ip: '10.5.1.1' })).body).toMatchObject({
      code: 0,
      result: 2,
    });
    expect((await generic('cancelLike', body, { ip: '10.5.1.1' })).body.result).toBe(true);
    expect(await likes(id)).toBe(2);
  });

  it('likes as the session user and ignores the user_id in the body', async () => {
    const id = index.articles[10].id;
    const ip = '10.5.2.1';
    const username = `liker${Date.now() % 100000}`;
    expect((await api.call('POST', '/user/register', { body: { username, password: 'password123' }, ip })).status).toBe(
      200,
    );
    const { token, id: userId } = (
      await api.call('POST', '/user/login', { body: { username, password: 'password123' }, ip })
    ).body.result;
    const headers = { Authorization: `Bearer ${token}` };

    expect(
      (await generic('addLike', { for_id: id, type: 1, user_id: userId + 1000 }, { ip, headers })).body.result,
    ).toBe(true);
    expect(
      (await generic('getIsLikeByIdAndType', { for_id: id, type: 1, user_id: userId + 1000 }, { ip, headers })).body
        .result,
    ).toBe(true);
    expect((await typed('GET', `/article/isLike/${id}`, { ip, headers })).body.result).toBe(true);
    // The same address without the session is another reader, whatever user_id it claims.
    expect((await generic('getIsLikeByIdAndType', { for_id: id, type: 1, user_id: userId }, { ip })).body.result).toBe(
      false,
    );
    expect((await generic('cancelLike', { for_id: id, type: 1, user_id: userId }, { ip })).body.result).toBe(true);
    expect(await likes(id)).toBe(1);
    expect(
      (await generic('getIsLikeByIdAndType', { for_id: id, type: 1, user_id: null }, { ip: '10.5.2.2', headers })).body
        .result,
    ).toBe(true);
  });

  it.each([
    [2, '说说'],
    [3, '留言'],
    [4, '评论'],
  ])('answers type %i (%s) for an unknown target with 404 naming it', async (type, name) => {
    for (const path of ['getIsLikeByIdAndType', 'addLike', 'cancelLike']) {
      const res = await generic(path, { for_id: UNKNOWN, type, user_id: 1 }, { ip: '10.5.3.1' });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(`${name}不存在`);
    }
  });

  it('answers 404 for an unknown article', async () => {
    for (const path of ['getIsLikeByIdAndType', 'addLike', 'cancelLike']) {
      const res = await generic(path, { for_id: UNKNOWN, type: 1 }, { ip: '10.5.4.1' });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ code: 404, message: '文章不存在' });
    }
  });

  it.each([
    [{ type: 1 }, ['for_id']],
    [{ for_id: 0, type: 1 }, ['for_id']],
    [{ for_id: 'x', type: 1 }, ['for_id']],
    [{ for_id: 1, type: 5 }, ['type']],
    [{ for_id: 1, type: 1.5 }, ['type']],
    [{ for_id: 1 }, ['type']],
    [{ for_id: 1, type: 1, user_id: 'abc' }, ['user_id']],
    [[1, 2], ['body']],
  ])('refuses %j with a Chinese message', async (body, fields) => {
    for (const path of ['getIsLikeByIdAndType', 'addLike', 'cancelLike']) {
      const res = await generic(path, body, { ip: '10.5.5.1' });
      expect(res.status, path).toBe(400);
      expect(res.body.result.fields).toEqual(fields);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('limits adds and cancels per IP', async () => {
    const body = { for_id: index.articles[11].id, type: 1 };
    let last;
    for (let i = 0; i < 61; i++) last = await generic(i % 2 ? 'cancelLike' : 'addLike', body, { ip: '10.5.6.1' });
    expect(last!.status).toBe(429);
    expect(last!.body.message).toMatch(/频繁/);
  });

  it('shares one budget with the typed like routes, so using both does not double it', async () => {
    const id = index.articles[12].id;
    const ip = '10.5.7.1';
    const half = LIKES_PER_MINUTE / 2;
    for (let i = 0; i < half; i++)
      expect((await api.call('PUT', `/article/${i % 2 ? 'cancelLike' : 'like'}/${id}`, { ip })).status).toBe(200);
    for (let i = 0; i < half; i++)
      expect((await generic(i % 2 ? 'cancelLike' : 'addLike', { for_id: id, type: 1 }, { ip })).status).toBe(200);
    const over = await generic('addLike', { for_id: id, type: 1 }, { ip });
    expect(over.status).toBe(429);
    expect(over.body.message).toContain('点赞太频繁');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await typed('PUT', `/article/like/${id}`, { ip })).status).toBe(429);
  });
});

describe('reading duration', () => {
  const id = index.articles[2].id;
  it('adds 1 to 3,600,000 milliseconds per call and answers milliseconds everywhere', async () => {
    expect((await api.call('PUT', `/article/addReadingDuration/${id}/1`)).body.result).toBe(1);
    expect((await api.call('PUT', `/article/addReadingDuration/${id}/3600000`)).body.result).toBe(3_600_001);
    expect((await api.call('PUT', `/article/addReadingDuration/${id}/2500`)).body.result).toBe(3_602_501);
    expect((await api.call('PUT', `/article/view/${id}`)).body.result.reading_duration).toBe(3_602_501);
    expect((await api.call('GET', `/article/getArticleById/${id}`)).body.result.reading_duration).toBe(3_602_501);
    const listed = (await home(1, 50)).body.result.list.find((a: { id: number }) => a.id === id);
    expect(listed.reading_duration).toBe(3_602_501);
  });
  it.each(['0', '3600001', '-5', '1.5', 'abc'])('refuses %s milliseconds with a Chinese message', async (duration) => {
    const res = await api.call('PUT', `/article/addReadingDuration/${id}/${duration}`);
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual(['duration']);
    expect(res.body.message).toMatch(/阅读时长.*(毫秒|数字)/);
  });
});

describe('search', () => {
  const search = (keyword: string) =>
    api.call('GET', `/article/getArticleListByContent/${encodeURIComponent(keyword)}`);

  it('finds a Chinese substring of a body, with a snippet starting at the match', async () => {
    const article = index.articles[7];
    const keyword = article.text.slice(40, 46);
    const { body } = await search(keyword);
    expect(body.result.length).toBeGreaterThan(0);
    expect(body.result.length).toBeLessThanOrEqual(8);
    const hit = body.result.find((r: { id: number }) => r.id === article.id);
    expect(hit).toBeTruthy();
    expect(hit.article_content.startsWith(keyword)).toBe(true);
  });

  it('matches English case-insensitively and ranks title matches first', async () => {
    const titled = index.articles.find((a) => /[A-Za-z]{4,}/.test(a.title))!;
    const word = /[A-Za-z]{4,}/.exec(titled.title)![0];
    const { body } = await search(word.toUpperCase());
    const ids = body.result.map((r: { id: number }) => r.id);
    expect(ids).toContain(titled.id);
    const titleHits = body.result.map((r: { article_title: string }) =>
      r.article_title.toLowerCase().includes(word.toLowerCase()),
    );
    expect(titleHits.indexOf(false) === -1 || titleHits.lastIndexOf(true) < titleHits.indexOf(false)).toBe(true);
  });

  it('does not match Markdown syntax', async () => {
    expect((await search('](/img')).body.result).toEqual([]);
  });

  it('refuses an empty or overlong keyword', async () => {
    for (const path of [
      '/article/getArticleListByContent/',
      `/article/getArticleListByContent/${encodeURIComponent('  ')}`,
    ]) {
      const res = await api.call('GET', path);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('请输入搜索内容');
    }
    const long = await search('长'.repeat(51));
    expect(long.status).toBe(400);
    expect((await search('长'.repeat(50))).status).toBe(200);
  });
});

describe('persistence', () => {
  it('keeps counters across a restart, and the second migration is a no-op', async () => {
    const before = (await api.call('PUT', `/article/view/${someId}`)).body.result;
    await api.restart();
    const after = (await api.call('PUT', `/article/view/${someId}`)).body.result;
    expect(after.view_times).toBe(before.view_times + 1);
    expect(after.thumbs_up_times).toBe(before.thumbs_up_times);

    // Each engine has its own migrations, and drizzle keeps PostgreSQL's record in a schema of its own.
    const [migrations, record] =
      TEST_ENGINE === 'postgres' ? ['drizzle-pg', 'drizzle.__drizzle_migrations'] : ['drizzle', '__drizzle_migrations'];
    const [applied] = await api.sql(`SELECT count(*) AS n FROM ${record}`);
    const files = readdirSync(migrations).filter((f) => f.endsWith('.sql'));
    expect(Number(applied.n)).toBe(files.length);
    // Write-ahead logging is SQLite's own setting: PostgreSQL always logs ahead.
    if (TEST_ENGINE === 'sqlite') {
      expect(String((await api.sql('PRAGMA journal_mode'))[0].journal_mode)).toBe('wal');
    }
  });
});

describe('the author of every article', () => {
  it('is 0 while the site has no admin, then the owner: the oldest admin account', async () => {
    expect((await home(1, 3)).body.result.list.map((a: { author_id: number }) => a.author_id)).toEqual([0, 0, 0]);

    const owned = await startApi({ ADMIN_USERNAME: 'siteowner', ADMIN_PASSWORD: 'owner-password-1' });
    try {
      const login = await owned.call('POST', '/user/login', {
        body: { username: 'siteowner', password: 'owner-password-1' },
      });
      const ownerId = login.body.result.id;
      expect(ownerId).toBeGreaterThan(0);
      const list = (await owned.call('GET', '/article/blogHomeGetArticleList/1/5')).body.result.list;
      expect(list.map((a: { author_id: number }) => a.author_id)).toEqual(list.map(() => ownerId));
      expect((await owned.call('GET', `/article/getArticleById/${someId}`)).body.result.author_id).toBe(ownerId);
    } finally {
      await owned.stop();
    }
  });
});

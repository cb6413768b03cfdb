import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameId } from '../../src/lib/node/contentIds';
import type { ContentIndex } from '../../src/lib/node/contentIndex';
import { site } from '../../src/site.config';
import { startApi, type ApiClient } from './api';

const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.stop());

describe('site', () => {
  it('gives the configuration in the envelope', async () => {
    const { status, body } = await api.call('GET', '/config');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(typeof body.message).toBe('string');
    for (const key of [
      'blog_name',
      'blog_avatar',
      'avatar_bg',
      'personal_say',
      'blog_notice',
      'qq_link',
      'we_chat_link',
      'github_link',
      'git_ee_link',
      'bilibili_link',
      'view_time',
      'we_chat_group',
      'qq_group',
      'we_chat_pay',
      'ali_pay',
      'createdAt',
    ]) {
      expect(body.result).toHaveProperty(key);
    }
    expect(body.result.view_time).toBe(0);
  });

  it("gives the site's start date from the site config, in the API's time format", async () => {
    const { createdAt } = (await api.call('GET', '/config')).body.result;
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(createdAt.startsWith(site.createdAt.slice(0, 10))).toBe(true);
    expect(+new Date(createdAt.replace(' ', 'T') + '+08:00')).toBeLessThan(Date.now());
  });

  it('counts site views and shows them in the configuration', async () => {
    const first = await api.call('PUT', '/config/addView', { ip: '10.1.0.1' });
    const second = await api.call('PUT', '/config/addView', { ip: '10.1.0.2' });
    expect(first.body).toMatchObject({ code: 0, result: 1 });
    expect(second.body.result).toBe(2);
    expect((await api.call('GET', '/config')).body.result.view_time).toBe(2);
  });

  it('counts site views from one address without refusing them, and gives the browser its reader cookie', async () => {
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await api.call('PUT', '/config/addView', { ip: '10.1.0.9' }));
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(200));
    const counts = answers.map((a) => a.body.result as number);
    expect(counts.slice(1).every((count, i) => count === counts[i] + 1)).toBe(true);
    expect(answers[0].headers.get('set-cookie')).toMatch(/^blog_reader=[\w-]{43};.*HttpOnly/);
  });

  it('lists page headers, totals and the two dictionaries', async () => {
    const headers = (await api.call('GET', '/pageHeader/getAll')).body.result;
    expect(headers.length).toBeGreaterThan(0);
    expect(headers[0]).toEqual({
      id: 1,
      route_name: expect.any(String),
      path: expect.stringMatching(/^\//),
      bg_url: expect.stringMatching(new RegExp(`^${api.server.url}/`)),
    });

    const categories = (await api.call('GET', '/category/getCategoryDictionary')).body.result;
    const tags = (await api.call('GET', '/tag/getTagDictionary')).body.result;
    const categoryNames = new Set(index.articles.map((a) => a.category));
    const tagNames = new Set(index.articles.flatMap((a) => a.tags));
    expect(categories).toHaveLength(categoryNames.size);
    expect(tags).toHaveLength(tagNames.size);
    for (const c of categories) expect(c.id).toBe(nameId(c.category_name));
    expect(categories.reduce((sum: number, c: { articleCount: number }) => sum + c.articleCount, 0)).toBe(
      index.articles.length,
    );

    const stats = (await api.call('GET', '/statistic')).body.result;
    expect(stats).toEqual({
      articleCount: index.articles.length,
      tagCount: tagNames.size,
      categoryCount: categoryNames.size,
      userCount: 0,
    });
  });
});

describe('page headers', () => {
  it('names routes as the original front end does, with our path beside each', async () => {
    const { status, body } = await api.call('GET', '/pageHeader/getAll');
    expect(status).toBe(200);
    const byName = new Map(body.result.map((h: { route_name: string }) => [h.route_name, h]));
    const expected: [string, string][] = [
      ['Home', '/home'],
      ['Archives', '/archives'],
      ['Category', '/category'],
      ['Tag', '/tag'],
      ['ArticleList', '/articleList'],
      ['Talk', '/talk'],
      ['Front', '/resources/front'],
      ['Back', '/resources/back'],
      ['SiteList', '/siteList'],
      ['LinkList', '/link/list'],
      ['LinkApply', '/link/apply'],
      ['MessageList', '/message/list'],
      ['UserCenter', '/userCenter'],
    ];
    for (const [name, path] of expected)
      expect(byName.get(name), name).toMatchObject({
        path,
        bg_url: expect.stringMatching(new RegExp(`^${api.server.url}/`)),
      });
    expect(new Set(body.result.map((h: { id: number }) => h.id)).size).toBe(body.result.length);
    expect(body.result.some((h: { route_name: string }) => h.route_name.startsWith('/'))).toBe(false);
  });

  it('gives each route the image our own page at that path shows', async () => {
    const headers = (await api.call('GET', '/pageHeader/getAll')).body.result;
    for (const name of ['Home', 'Archives', 'Talk']) {
      const { path, bg_url } = headers.find((h: { route_name: string }) => h.route_name === name);
      const html = await (await fetch(`${api.server.url}${path}`)).text();
      expect(html, path).toContain(new URL(bg_url).pathname);
    }
  });
});

describe('conventions', () => {
  it('refuses a state-changing call without X-Requested-With', async () => {
    const res = await api.call('PUT', '/config/addView', { headers: { 'X-Requested-With': '' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, message: expect.stringContaining('X-Requested-With') });
  });

  it('refuses an oversized body with 413 and a malformed one with 400', async () => {
    const big = await api.call('POST', '/article/getArticleListByTagId', {
      raw: JSON.stringify({ id: 1, current: 1, size: 1, pad: 'x'.repeat(100_000) }),
    });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe(413);
    expect(big.body.message).toMatch(/过大/);
    const broken = await api.call('POST', '/article/getArticleListByTagId', { raw: '{"id": 1,' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/JSON/);
  });

  it('answers unknown API paths with a 404 envelope, never a page', async () => {
    const res = await api.call('GET', '/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: '接口不存在' });
  });

  it('keeps answers out of shared caches', async () => {
    expect((await api.call('GET', '/config')).headers.get('cache-control')).toBe('no-store');
  });

  it('answers the original front end’s photo album with empty lists, so it shows an empty state', async () => {
    expect((await api.call('GET', '/photoAlbum/getAllAlbumList')).body).toEqual({
      code: 0,
      message: 'success',
      result: [],
    });
    expect((await api.call('GET', '/photo/getAllPhotosByAlbumId/3')).body).toEqual({
      code: 0,
      message: 'success',
      result: [],
    });
    expect((await api.call('GET', '/photo/getAllPhotosByAlbumId/abc')).status).toBe(400);
  });

  it('answers image addresses absolute, on the address the request came to when SITE_URL is unset', async () => {
    const config = (await api.call('GET', '/config')).body.result;
    expect(config.blog_avatar).toBe(api.server.url + site.avatar);
    const home = (await api.call('GET', '/article/blogHomeGetArticleList/1/50')).body.result.list as {
      article_cover: string | null;
    }[];
    const covers = home.map((a) => a.article_cover).filter((cover): cover is string => Boolean(cover));
    expect(covers.length).toBeGreaterThan(0);
    for (const cover of covers) expect(cover.startsWith(`${api.server.url}/`) || /^https?:\/\//.test(cover)).toBe(true);
    // The file is there at that address.
    expect((await fetch(covers[0])).status).toBe(200);
  });
});

describe('image addresses with SITE_URL set', () => {
  it('are built on SITE_URL', async () => {
    const configured = await startApi({ SITE_URL: 'https://blog.example.com/' });
    try {
      const config = (await configured.call('GET', '/config')).body.result;
      expect(config.blog_avatar).toBe(`https://blog.example.com${site.avatar}`);
    } finally {
      await configured.stop();
    }
  });
});

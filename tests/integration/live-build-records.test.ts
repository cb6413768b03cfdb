/**
 * What a running server takes from each new build (src/lib/node/releaseRecords.ts): the articles
 * the build left out, which the console's list shows as failed while the rest of the site
 * publishes; and the parts of the site the build has on, which the API follows without a restart.
 * A small blog of its own, built into a temp folder with Astro's cache beside it.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishState, WritingArticleRow } from '../../src/contract/writing';
import type { ApiClient } from './api';
import { ownerLogin, startOwnedApi, type Person } from './people';
import { runScript } from './scripts';
import { astroCacheWithDemoImages } from '../siteCopies';

const BLOCK = 133;
let dir: string;
let content: string;
let buildEnv: Record<string, string>;
let api: ApiClient;
let owner: Person;

const article = (id: number, fields: string, body = '正文。') =>
  `---\nid: ${id}\ntitle: "文章 ${id}"\ndate: "2024-01-0${id} 10:00:00"\n${fields}\n---\n\n${body}\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-records-'));
  content = join(dir, 'content');
  mkdirSync(join(content, 'articles'), { recursive: true });
  cpSync('src/content/talks', join(content, 'talks'), { recursive: true });
  writeFileSync(
    join(content, 'articles', '0001.md'),
    article(1, 'category: "测试/分类"\ntags: ["C#", "../x", "100%"]'),
  );
  writeFileSync(join(content, 'articles', '0002.md'), article(2, 'category: "后端"\ntags: ["C#"]'));
  writeFileSync(join(content, 'articles', '0003.md'), article(3, 'category: "后端"\ntags: ["Node.js"]'));
  buildEnv = {
    CONTENT_DIR: content,
    DIST_DIR: join(dir, 'dist'),
    ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(dir, 'astro-cache')),
  };
  const built = await runScript('scripts/build.ts', [], buildEnv);
  if (built.code !== 0) throw new Error(built.output.slice(-3000));
  api = await startOwnedApi(buildEnv);
  owner = await ownerLogin(api, BLOCK);
}, 300_000);
afterAll(async () => {
  await api?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const page = (path: string) => fetch(`${api.server.url}${path}`);
const writing = (method: string, path: string) => api.call(method, `/admin/writing${path}`, { headers: owner.auth });
const rows = async (): Promise<WritingArticleRow[]> =>
  (await writing('GET', '/articles?status=published&size=50')).body.result.list;

async function published(): Promise<PublishState> {
  for (let i = 0; i < 1200; i++) {
    const state = (await writing('GET', '/publish')).body.result as PublishState;
    if (state.state === 'live' || state.state === 'failed') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('发布没有结束');
}

async function switched(times: number): Promise<void> {
  const count = () => api.server.output().split('已切换到新的构建').length - 1;
  for (let i = 0; i < 300 && count() < times; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(count()).toBe(times);
}

describe('a build', () => {
  it('gives every name a page its links reach', async () => {
    const home = await (await page('/article/1')).text();
    for (const href of [
      '/category/%E6%B5%8B%E8%AF%95%2F%E5%88%86%E7%B1%BB',
      '/tag/C%23',
      '/tag/..%2Fx',
      '/tag/100%25',
    ]) {
      expect(home).toContain(`href="${href}"`);
      const res = await page(href);
      expect(res.status, href).toBe(200);
      expect(await res.text()).toContain(`<link rel="canonical" href="http://localhost:4321${href}">`);
    }
    expect((await page('/tag/Node.js')).status).toBe(200);
    expect((await page('/tag/nothing')).status).toBe(404);
  });
});

describe('a save', () => {
  it('refuses a name no address can hold, naming the field and why', async () => {
    const draft = {
      title: '名字',
      body: '正文。',
      description: '',
      category: '后端',
      tags: ['ok'],
      cover: '',
      type: 'original',
      origin_url: '',
      pinned: false,
      public: true,
      date: '',
      base_revision: null,
      publish: true,
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tags: ['ok', '..'] }, 'tags', '标签不能是 . 或 ..'],
      [{ category: '前端\n后端' }, 'category', '分类不能含有换行、制表符等控制字符'],
    ];
    for (const [fields, field, message] of cases) {
      const { status, body } = await api.call('POST', '/admin/writing/articles', {
        headers: owner.auth,
        body: { ...draft, ...fields },
      });
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body.message).toContain(message);
      expect(body.result.fields).toEqual([field]);
    }
    const renamed = await api.call('PUT', '/admin/writing/taxonomy/rename', {
      headers: owner.auth,
      body: { kind: 'tag', from: 'C#', to: '.' },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toContain('新名字不能是 . 或 ..');
    expect((await writing('GET', '/publish')).body.result.builds).toBe(0);
  });
});

describe('the publish of a broken article', () => {
  it('leaves it out, publishes the rest, and the console’s list says which and why', async () => {
    // A hand edit breaks article 2; article 3 changes as well.
    writeFileSync(join(content, 'articles', '0002.md'), article(2, 'category: "后端"\ntags: "C#"'));
    writeFileSync(
      join(content, 'articles', '0003.md'),
      article(3, 'category: "后端"\ntags: ["Node.js"]', '第二版的正文。'),
    );
    expect((await writing('POST', '/publish')).status).toBe(200);
    const state = await published();
    expect(state.state, JSON.stringify(state.error)).toBe('live');
    await switched(1);

    expect(await (await page('/article/3')).text()).toContain('第二版的正文。');
    expect((await page('/article/1')).status).toBe(200);
    expect((await page('/article/2')).status).toBe(404);
    expect((await api.call('GET', '/article/getArticleById/2')).status).toBe(404);

    const list = await rows();
    const byId = (id: number) => list.find((row) => row.id === id)!;
    expect(byId(2)).toMatchObject({
      state: 'failed',
      skipped: { file: '0002.md', field: 'tags', reason: '请至少填写一个标签' },
    });
    expect(byId(1)).toMatchObject({ state: 'live', skipped: null });
    expect(byId(3)).toMatchObject({ state: 'live', skipped: null });
    const skipped = JSON.parse(readFileSync(join(dir, 'dist', 'current', 'server', 'skipped-articles.json'), 'utf8'));
    expect(skipped).toEqual([{ file: '0002.md', field: 'tags', reason: '请至少填写一个标签' }]);
  }, 300_000);

  it('shows an article saved since the live build as waiting for the next one', async () => {
    writeFileSync(join(content, 'articles', '0004.md'), article(4, 'category: "后端"\ntags: ["新"]'));
    expect((await rows()).find((row) => row.id === 4)).toMatchObject({ state: 'pending', skipped: null });
  });
});

describe('the parts of the site a new build has on', () => {
  const shopAnswers = async () => [
    (await api.call('GET', '/shop/products')).status,
    (await api.call('GET', '/license/public-key')).status,
    (await api.call('GET', '/SHOP/products')).status,
  ];

  it('are followed by the running server, both ways, without a restart', async () => {
    expect(await shopAnswers()).toEqual([200, 200, 200]);
    const off = await runScript('scripts/build.ts', [], { ...buildEnv, FEATURES_OFF: 'shop' });
    expect(off.code, off.output.slice(-2000)).toBe(0);
    await switched(2);
    expect(await shopAnswers()).toEqual([404, 404, 404]);
    // The console's pages come with the build: no 订单 or 授权 in its bar.
    const console = readFileSync(join(dir, 'dist', 'current', 'client', 'admin', 'index.html'), 'utf8');
    expect(console).toContain('href="/admin/articles"');
    expect(console).not.toContain('href="/admin/orders"');
    expect(console).not.toContain('href="/admin/licenses"');

    const on = await runScript('scripts/build.ts', [], buildEnv);
    expect(on.code, on.output.slice(-2000)).toBe(0);
    await switched(3);
    expect(await shopAnswers()).toEqual([200, 200, 200]);
    expect(readFileSync(join(dir, 'dist', 'current', 'client', 'admin', 'index.html'), 'utf8')).toContain(
      'href="/admin/orders"',
    );
  }, 300_000);
});

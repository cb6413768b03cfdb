/**
 * Quick releases: a text edit of a live article is served when the save answers, and a withdrawn
 * article is a 404 when the move to the bin answers, long before the full build that follows; the
 * page keeps the build's inline scripts, so its Content-Security-Policy still holds; and once the
 * full build is live it shows the same body the quick release did.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishState, WritingArticle } from '../../src/contract/writing';
import { RELEASES } from '../../src/server/releases/releases';
import { makePhoto } from '../fixtures/photos';
import { astroCacheWithDemoImages, copyDemoContent, distWithSuiteBuild } from '../siteCopies';
import type { ApiClient } from './api';
import { ownerLogin, startOwnedApi, type Person } from './people';

const BLOCK = 97;
let api: ApiClient;
let owner: Person;
let dir: string;
let dist: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-quick-'));
  dist = join(dir, 'dist');
  copyDemoContent(join(dir, 'content'));
  // The suite's build, made from the same content, is the live one.
  distWithSuiteBuild(dist);
  // A cache of its own, gone with the folder: the build's cache is per content folder (astro.config.mjs).
  api = await startOwnedApi({
    CONTENT_DIR: join(dir, 'content'),
    DIST_DIR: dist,
    DATABASE_URL: `file:${join(dir, 'blog.db')}`,
    ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(dir, 'astro-cache')),
  });
  owner = await ownerLogin(api, BLOCK);
}, 60_000);
afterAll(async () => {
  await api?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const writing = (method: string, path: string, body?: unknown) =>
  api.call(method, `/admin/writing${path}`, { headers: owner.auth, body });
const page = async (path: string) => {
  const res = await fetch(`${api.server.url}${path}`, { headers: { 'Accept-Encoding': 'br' } });
  return { status: res.status, text: await res.text(), policy: res.headers.get('content-security-policy') ?? '' };
};
const publishState = async () => (await writing('GET', '/publish')).body.result as PublishState;
/** The publish state once a build after the first `builds` is live. */
async function builtAfter(builds: number): Promise<PublishState> {
  let state = await publishState();
  for (let i = 0; i < 900 && (state.state !== 'live' || state.builds <= builds); i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    state = await publishState();
  }
  expect(state.state, JSON.stringify(state.error)).toBe('live');
  return state;
}
const between = (text: string, start: string, end: string) =>
  text.slice(text.indexOf(start), text.indexOf(end, text.indexOf(start)));
const proseOf = (html: string) => between(html, 'data-part="body"', '<astro-island');
const images = (html: string) => [...proseOf(html).matchAll(/src="(\/_astro\/[^"]+)"/g)].map((m) => m[1]);

async function editable(id: number): Promise<WritingArticle> {
  return (await writing('GET', `/articles/${id}`)).body.result as WritingArticle;
}
const saveOf = (article: WritingArticle, fields: Partial<WritingArticle>) => {
  const { id: _id, status: _status, file: _file, revision, ...rest } = { ...article, ...fields };
  return { ...rest, base_revision: revision, publish: true };
};

describe('a quick release', () => {
  it('serves a live article’s new title and body when the save answers, before the full build', async () => {
    const before = await page('/article/3');
    expect(before.status).toBe(200);
    const article = await editable(3);
    const body = `${article.body}\n\n## 快速发布的一节\n\n这一段是刚刚写下的：鲸落${Date.now()}。\n\n\`\`\`ts\nconst live = true;\n\`\`\`\n`;
    const saved = await writing('PUT', '/articles/3', saveOf(article, { title: 'WAL 模式（修订）', body }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const after = await page('/article/3');
    const state = await publishState();
    expect(state.builds, '完整构建还没有完成').toBe(0);
    expect(state.page_live?.id).toBe(3);
    expect(after.status).toBe(200);
    expect(after.text).toContain('<title>WAL 模式（修订） - ');
    expect(after.text).toContain('>WAL 模式（修订）</h1>');
    expect(after.text).toMatch(/<h2 id="快速发布的一节">快速发布的一节<\/h2>/);
    expect(after.text).toContain(body.match(/鲸落\d+/)![0]);
    // The new heading is in both tables of contents; code is coloured as the build colours it.
    expect(after.text.match(/href="#快速发布的一节"/g)).toHaveLength(2);
    expect(proseOf(after.text)).toContain('class="astro-code');
    expect(after.text).toMatch(/data-part="updated"[^>]*>更新于 \d{4}-\d{2}-\d{2}</);
    // The page's images keep the files the build made for them.
    expect(images(after.text)).toEqual(images(before.text));
    // Every inline script is still one the policy allows.
    const scripts = [...after.text.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1])
      .filter(Boolean);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts)
      expect(after.policy).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);

    const detail = await api.call('GET', '/article/getArticleById/3');
    expect(detail.body.result.article_title).toBe('WAL 模式（修订）');
    expect(JSON.stringify(detail.body.result)).toContain(body.match(/鲸落\d+/)![0]);
  });

  it('shows a photo just added to a live article when the save answers, in the files the full build will make', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePhoto())], { type: 'image/jpeg' }), 'IMG_0100.jpg');
    const uploaded = await fetch(`${api.server.url}/api/admin/writing/images?use=images`, {
      method: 'POST',
      body: form,
      headers: { ...owner.auth, 'X-Requested-With': 'XMLHttpRequest' },
    });
    const { path } = (await uploaded.json()).result as { path: string };
    const before = await page('/article/9');
    expect(before.status).toBe(200);
    const article = await editable(9);
    // Saved at once, while the upload's background encoding has hardly begun: the save answers
    // without waiting for it, and the page is live with the photo once the status says so (at once on a
    // quiet machine; on a busy one, when the photo's images are encoded).
    const saved = await writing(
      'PUT',
      '/articles/9',
      saveOf(article, { body: `${article.body}\n\n![刚拍的山](${path})\n` }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await expect.poll(async () => (await publishState()).page_live?.id, { timeout: 120_000, interval: 250 }).toBe(9);

    const after = await page('/article/9');
    const photo = proseOf(after.text).match(/<img [^>]*alt="刚拍的山"[^>]*>/)?.[0] ?? '';
    const files = [...photo.matchAll(/\/_astro\/[^\s",]+/g)].map((m) => m[0]);
    // A 2560 px photo: five widths and the full size, each served.
    expect(new Set(files).size, photo).toBe(6);
    for (const file of new Set(files)) {
      const res = await fetch(`${api.server.url}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
    expect(photo).toMatch(/ width="2560" height="1920"|width="1920" height="2560"/);
    const detail = await api.call('GET', '/article/getArticleById/9');
    expect(detail.body.result.article_content).toContain(`![刚拍的山](${photo.match(/ src="([^"]+)"/)![1]})`);
  }, 120_000);

  it('takes a binned or withdrawn (撤下) article down when the request answers', async () => {
    expect((await page('/article/5')).status).toBe(200);
    expect((await writing('PUT', '/articles/5/trash')).status).toBe(200);
    expect((await page('/article/5')).status).toBe(404);
    expect((await api.call('GET', '/article/getArticleById/5')).body.code).not.toBe(0);

    expect((await page('/article/6')).status).toBe(200);
    const withdrawn = await writing('PUT', '/articles/6/withdraw');
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await page('/article/6')).status).toBe(404);
  });

  it('leaves to the full build what a page patch cannot show: new tags', async () => {
    const before = await page('/article/7');
    const article = await editable(7);
    await writing('PUT', '/articles/7', saveOf(article, { tags: [...article.tags, '新的标签'] }));
    expect((await page('/article/7')).text).toBe(before.text);
  });

  it('then the full build shows what the quick release showed, and keeps the withdrawn ones down', async () => {
    const quick = await page('/article/3');
    const quickPhoto = await page('/article/9');
    const state = await builtAfter(0);
    const built = await page('/article/3');
    expect(readdirSync(join(dist, RELEASES)).length).toBeLessThanOrEqual(3);
    expect(proseOf(built.text)).toBe(proseOf(quick.text));
    const builtPhoto = proseOf((await page('/article/9')).text);
    expect(builtPhoto).toBe(proseOf(quickPhoto.text));
    expect((await page('/article/5')).status).toBe(404);
    expect((await page('/article/6')).status).toBe(404);
    expect((await page('/article/7')).text).toContain('#新的标签');

    // This build was made from a content folder outside the project, whose images its export cannot
    // name: the page itself says which files they are, and the next edit is quick all the same.
    const article = await editable(3);
    const saved = await writing('PUT', '/articles/3', saveOf(article, { body: article.body.replace('鲸落', '鲸歌') }));
    expect(saved.status).toBe(200);
    const edited = await page('/article/3');
    expect((await publishState()).page_live!.at > state.finished_at!).toBe(true);
    expect(edited.text).toContain('鲸歌');
    expect(images(edited.text)).toEqual(images(built.text));
    expect(images(edited.text).length).toBeGreaterThan(0);
    // The build that edit asked for ends before the site's folder is removed.
    await builtAfter(state.builds);
  }, 600_000);
});

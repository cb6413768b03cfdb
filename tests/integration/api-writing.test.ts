/**
 * The writing console's API against a copy of the demo content: who may call it, what a save
 * writes to disk, the content schema's errors, hand edits met as conflicts, history, the recycle
 * bin, uploads into the content folder, and paths that try to leave it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTENT_IMAGE_BYTES } from '../../src/contract/limits';
import type { WritingArticle } from '../../src/contract/writing';
import type { ApiClient } from './api';
import { newPerson, ownerLogin, startOwnedApi, type Person } from './people';
import { copyDemoContent } from '../siteCopies';

const BLOCK = 91;
let api: ApiClient;
let owner: Person;
let reader: Person;
let content: string;
beforeAll(async () => {
  content = mkdtempSync(join(tmpdir(), 'blog-writing-'));
  copyDemoContent(content);
  // Builds are the end-to-end suite's part; here saves only write.
  api = await startOwnedApi({ CONTENT_DIR: content, AUTO_PUBLISH: 'off' });
  owner = await ownerLogin(api, BLOCK);
  reader = await newPerson(api, 'writingreader', BLOCK);
});
afterAll(async () => {
  await api?.stop();
  rmSync(content, { recursive: true, force: true });
});

const writing = (method: string, path: string, body?: unknown, who: Person | null = owner) =>
  api.call(method, `/admin/writing${path}`, { headers: who?.auth, body });
const draft = (fields: Record<string, unknown> = {}) => ({
  title: 'Hello 写作',
  body: '## 第一节\n\n正文。',
  description: '',
  category: '随笔',
  tags: ['新标签'],
  cover: '',
  type: 'original',
  origin_url: '',
  pinned: false,
  public: true,
  date: '',
  base_revision: null,
  publish: true,
  ...fields,
});
const fileOf = (article: WritingArticle) => readFileSync(join(content, 'articles', article.file), 'utf8');
async function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
}
async function upload(bytes: Buffer, use = 'images', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'a.png');
  const res = await fetch(`${api.server.url}/api/admin/writing/images?use=${use}`, {
    method: 'POST',
    body: form,
    headers: { ...owner.auth, 'X-Requested-With': 'XMLHttpRequest' },
  });
  return { status: res.status, body: await res.json() };
}

const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/articles'],
  ['GET', '/articles/1'],
  ['POST', '/articles', draft()],
  ['PUT', '/articles/1', draft()],
  ['PUT', '/articles/1/trash'],
  ['PUT', '/articles/1/restore'],
  ['PUT', '/articles/1/withdraw'],
  ['PUT', '/articles/1/pending', draft()],
  ['DELETE', '/articles/1/pending'],
  ['DELETE', '/articles/1'],
  ['GET', '/articles/1/versions'],
  ['GET', '/articles/1/versions/1'],
  ['PUT', '/articles/1/versions/1/restore'],
  ['POST', '/preview', { markdown: '# x' }],
  ['GET', '/files/images/hiking-ridge.jpg'],
  ['GET', '/talks'],
  ['POST', '/talks', { content: 'x' }],
  ['PUT', '/talks/1/trash'],
  ['GET', '/taxonomy'],
  ['PUT', '/taxonomy/rename', { kind: 'tag', from: 'a', to: 'b' }],
  ['GET', '/publish'],
  ['POST', '/publish'],
];

describe('access', () => {
  it('answers 401 to the anonymous and 403 to a user on every writing endpoint, and writes nothing', async () => {
    const before = readdirSync(join(content, 'articles')).sort();
    for (const [method, path, body] of ENDPOINTS) {
      expect((await writing(method, path, body, null)).status, `${method} ${path}`).toBe(401);
      expect((await writing(method, path, body, reader)).status, `${method} ${path}`).toBe(403);
    }
    expect(readdirSync(join(content, 'articles')).sort()).toEqual(before);
    expect(existsSync(join(content, '.trash'))).toBe(false);
  });
});

describe('articles', () => {
  it('lists the hand-written articles, pinned first, and finds them by text', async () => {
    const { body } = await writing('GET', '/articles?status=published&size=50');
    expect(body.result.total).toBe(readdirSync(join(content, 'articles')).filter((f) => f.endsWith('.md')).length);
    const pinned = body.result.list.filter((row: { pinned: boolean }) => row.pinned).length;
    expect(body.result.list.slice(0, pinned).every((row: { pinned: boolean }) => row.pinned)).toBe(true);
    const found = await writing('GET', `/articles?keyword=${encodeURIComponent('WAL')}`);
    expect(found.body.result.list.some((row: { id: number }) => row.id === 3)).toBe(true);
  });

  it('writes a new article as the same front matter a hand edit writes, under a file name from its id', async () => {
    const { status, body } = await writing(
      'POST',
      '/articles',
      draft({ title: 'Astro Islands 入门', tags: ['astro', '新标签'] }),
    );
    expect(status).toBe(200);
    const article = body.result as WritingArticle;
    expect(article.file).toBe(`${String(article.id).padStart(4, '0')}-astro-islands.md`);
    const source = fileOf(article);
    expect(source).toMatch(/^---\nid: \d+\ntitle: "Astro Islands 入门"\ndate: "\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"\n/);
    expect(source).toContain('tags:\n  - "astro"\n  - "新标签"');
    expect(source).toContain('\n## 第一节\n\n正文。\n');
    expect(source).not.toContain('draft');
    expect((await writing('GET', `/articles/${article.id}`)).body.result.status).toBe('published');
  });

  it('a Chinese title gives a file named by its id alone; a draft and a private article keep their status', async () => {
    const saved = (await writing('POST', '/articles', draft({ title: '只有中文', publish: false }))).body
      .result as WritingArticle;
    expect(saved.file).toBe(`${String(saved.id).padStart(4, '0')}.md`);
    expect(saved.status).toBe('draft');
    expect(fileOf(saved)).toContain('draft: true');
    const hidden = (await writing('POST', '/articles', draft({ public: false }))).body.result as WritingArticle;
    expect(hidden.status).toBe('private');
    const drafts = (await writing('GET', '/articles?status=draft')).body.result.list.map((r: { id: number }) => r.id);
    expect(drafts).toContain(saved.id);
    expect(drafts).not.toContain(hidden.id);
    // Like the database, the files are the owner's alone: no other local user reads a draft or a private article.
    for (const article of [saved, hidden])
      expect(statSync(join(content, 'articles', article.file)).mode & 0o777).toBe(0o600);
  });

  it('refuses what the content schema refuses, naming the field, and writes nothing', async () => {
    const before = readdirSync(join(content, 'articles')).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', '请填写标题'],
      [{ title: 'x'.repeat(101) }, 'title', '标题最多 100 个字'],
      [{ tags: [] }, 'tags', '请至少填写一个标签'],
      [{ category: '' }, 'category', '请填写分类'],
      [{ type: 'repost' }, 'origin_url', '转载或翻译的文章必须填写原文链接'],
      [{ type: 'translation', origin_url: 'javascript:alert(1)' }, 'origin_url', '原文链接必须是完整的网址'],
      [{ date: '明天' }, 'date', '日期格式应为'],
      [{ cover: '../../etc/passwd.png' }, 'cover', '封面必须是上传到文章目录的图片'],
      [{ body: '   ' }, 'body', '请填写正文'],
      [{ publish: 'yes' }, 'publish', 'publish只能是 true 或 false'],
    ];
    for (const [fields, field, message] of cases) {
      const { status, body } = await writing('POST', '/articles', draft(fields));
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body.message).toContain(message);
      expect(body.result.fields).toContain(field);
    }
    expect(readdirSync(join(content, 'articles')).length).toBe(before);
  });

  it('takes an article body up to 1 MB, and names that limit past it; other routes keep theirs', async () => {
    const tooLong = await writing('POST', '/articles', draft({ body: 'x'.repeat(1_100_000) }));
    expect(tooLong.status).toBe(413);
    expect(tooLong.body.message).toBe('请求内容过大，最多 1MB');
    const elsewhere = await api.call('POST', '/user/login', { body: { username: 'x'.repeat(70_000), password: 'p' } });
    expect(elsewhere.status).toBe(413);
    expect(elsewhere.body.message).toBe('请求内容过大，最多 64KB');
  });

  it('a save over a hand edit is a 409 with the file as it is on disk; overwrite after comparing writes', async () => {
    const article = (await writing('POST', '/articles', draft({ title: 'Conflict test' }))).body
      .result as WritingArticle;
    const path = join(content, 'articles', article.file);
    writeFileSync(path, fileOf(article).replace('正文。', '手工改过的正文。'));
    const clash = await writing(
      'PUT',
      `/articles/${article.id}`,
      draft({ title: 'Conflict test', body: '网页里的正文', base_revision: article.revision }),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.result.disk.body).toContain('手工改过的正文。');
    expect(readFileSync(path, 'utf8')).toContain('手工改过的正文。');
    const forced = await writing(
      'PUT',
      `/articles/${article.id}`,
      draft({ title: 'Conflict test', body: '网页里的正文', base_revision: article.revision, overwrite: true }),
    );
    expect(forced.status).toBe(200);
    expect(readFileSync(path, 'utf8')).toContain('网页里的正文');
  });

  it('two saves on one revision at once: one is written, the other meets it as a conflict', async () => {
    const article = (await writing('POST', '/articles', draft({ title: 'Race' }))).body.result as WritingArticle;
    const answers = await Promise.all(
      ['甲', '乙'].map((body) =>
        writing('PUT', `/articles/${article.id}`, draft({ title: 'Race', body, base_revision: article.revision })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.result as WritingArticle;
    expect(fileOf(article).trim().endsWith(winner.body.trim())).toBe(true);
  });

  it('keeps each replaced version, at most 20, and restores one as a new save', async () => {
    let article = (await writing('POST', '/articles', draft({ title: 'History', body: '版本 0' }))).body
      .result as WritingArticle;
    for (let n = 1; n <= 22; n++) {
      article = (
        await writing(
          'PUT',
          `/articles/${article.id}`,
          draft({ title: 'History', body: `版本 ${n}`, base_revision: article.revision }),
        )
      ).body.result;
    }
    const versions = (await writing('GET', `/articles/${article.id}/versions`)).body.result as {
      id: number;
      chars: number;
    }[];
    expect(versions).toHaveLength(20);
    const oldest = (await writing('GET', `/articles/${article.id}/versions/${versions.at(-1)!.id}`)).body.result;
    expect(oldest.source).toContain('版本 2');
    const restored = await writing('PUT', `/articles/${article.id}/versions/${versions.at(-1)!.id}/restore`);
    expect(restored.body.result.body.trim()).toBe('版本 2');
    expect(fileOf(article)).toContain('版本 2');
    const after = (await writing('GET', `/articles/${article.id}/versions`)).body.result as { id: number }[];
    expect((await writing('GET', `/articles/${article.id}/versions/${after[0].id}`)).body.result.source).toContain(
      '版本 22',
    );
    expect((await writing('GET', `/articles/${article.id}/versions/999999`)).status).toBe(404);
  });

  it('moves to the recycle bin, restores, and deletes for good only from the bin', async () => {
    const article = (await writing('POST', '/articles', draft({ title: 'Bin' }))).body.result as WritingArticle;
    expect((await writing('DELETE', `/articles/${article.id}`)).status).toBe(400);
    expect((await writing('PUT', `/articles/${article.id}/trash`)).status).toBe(200);
    expect(existsSync(join(content, 'articles', article.file))).toBe(false);
    expect(existsSync(join(content, '.trash', 'articles', article.file))).toBe(true);
    expect(
      (await writing('GET', '/articles?status=trash')).body.result.list.map((r: { id: number }) => r.id),
    ).toContain(article.id);
    expect((await writing('PUT', `/articles/${article.id}`, draft({ base_revision: article.revision }))).status).toBe(
      400,
    );
    expect((await writing('PUT', `/articles/${article.id}/restore`)).status).toBe(200);
    expect(existsSync(join(content, 'articles', article.file))).toBe(true);
    await writing('PUT', `/articles/${article.id}/trash`);
    expect((await writing('DELETE', `/articles/${article.id}`)).status).toBe(200);
    expect(existsSync(join(content, '.trash', 'articles', article.file))).toBe(false);
    expect((await writing('GET', `/articles/${article.id}`)).status).toBe(404);
  });

  it('a restore or a move to the bin never replaces a file of the same name', async () => {
    const article = (await writing('POST', '/articles', draft({ title: 'Same name' }))).body.result as WritingArticle;
    await writing('PUT', `/articles/${article.id}/trash`);
    // A hand-written file takes the name while the article is in the bin.
    const handWritten = join(content, 'articles', article.file);
    writeFileSync(
      handWritten,
      `---\nid: ${article.id + 500}\ntitle: "手写的"\ndate: "2024-01-01"\ncategory: "随笔"\ntags: ["x"]\n---\n\n手写的正文\n`,
    );
    expect((await writing('PUT', `/articles/${article.id}/restore`)).status).toBe(200);
    expect(readFileSync(handWritten, 'utf8')).toContain('手写的正文');
    const restored = (await writing('GET', `/articles/${article.id}`)).body.result as WritingArticle;
    expect(restored.file).toBe(article.file.replace(/\.md$/, '-2.md'));
    expect(restored.title).toBe('Same name');
  });

  it('saving what is already on disk writes nothing and keeps no version', async () => {
    const article = (await writing('POST', '/articles', draft({ title: 'Unchanged' }))).body.result as WritingArticle;
    const published = (
      await writing('PUT', `/articles/${article.id}`, { ...article, publish: true, base_revision: article.revision })
    ).body.result as WritingArticle;
    const again = (
      await writing('PUT', `/articles/${article.id}`, {
        ...published,
        publish: true,
        base_revision: published.revision,
      })
    ).body.result as WritingArticle;
    expect(again.revision).toBe(published.revision);
    expect((await writing('GET', `/articles/${article.id}/versions`)).body.result).toHaveLength(0);
  });

  it('ids that are not ids are refused before any file is looked at', async () => {
    for (const path of ['/articles/..%2F..%2Fetc', '/articles/-1', '/articles/1.5', '/articles/abc/trash']) {
      const method = path.endsWith('trash') ? 'PUT' : 'GET';
      expect((await writing(method, path)).status, path).toBe(400);
    }
  });
});

describe('images', () => {
  it('stores an upload beside the articles, named by its content, and serves it to the console only', async () => {
    const bytes = await png();
    const first = await upload(bytes);
    expect(first.status).toBe(200);
    expect(first.body.result.path).toMatch(/^\.\/images\/[a-f0-9]{20}\.png$/);
    expect(readFileSync(join(content, 'articles', first.body.result.path))).toEqual(bytes);
    expect((await upload(bytes)).body.result.path).toBe(first.body.result.path);
    const cover = await upload(bytes, 'covers');
    expect(cover.body.result.path).toMatch(/^\.\/covers\//);
    const shown = await fetch(`${api.server.url}${first.body.result.url}`, { headers: owner.auth });
    expect(shown.status).toBe(200);
    expect(Buffer.from(await shown.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${api.server.url}${first.body.result.url}`)).status).toBe(401);
  });

  it('refuses files that are not images, images too large to decode, and oversized bodies', async () => {
    const text = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'images', 'image/svg+xml');
    expect(text.status).toBe(400);
    expect(text.body.message).toContain('只能上传 PNG、JPEG、WebP 或 GIF');
    const huge = await upload(
      await sharp({ create: { width: 10_001, height: 10_000, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect(huge.status).toBe(400);
    expect(huge.body.message).toContain('图片尺寸太大');
    const big = await upload(Buffer.concat([await png(), Buffer.alloc(MAX_CONTENT_IMAGE_BYTES)]));
    expect(big.status).toBe(413);
    expect((await upload(await png(), 'scripts')).status).toBe(400);
  });

  it('never serves a file outside the articles folder or a hidden one', async () => {
    writeFileSync(join(content, 'secret.png'), await png());
    for (const path of [
      '../secret.png',
      '..%2Fsecret.png',
      '%2e%2e/secret.png',
      '.trash/x.png',
      'images/../../secret.png',
      '0001-hello-astro-blog.md',
    ]) {
      const res = await fetch(`${api.server.url}/api/admin/writing/files/${path}`, { headers: owner.auth });
      expect(res.status, path).toBe(404);
    }
  });
});

describe('preview', () => {
  it('renders with the build’s heading anchors and code colours, images from the content folder', async () => {
    const { body } = await writing('POST', '/preview', {
      markdown: '## 你好 世界\n\n```ts\nconst a = 1;\n```\n\n![图](./images/hiking-ridge.jpg)',
    });
    expect(body.result.html).toContain('<h2 id="你好-世界">');
    expect(body.result.html).toContain('astro-code astro-code-themes github-light-default');
    expect(body.result.html).toContain('src="/api/admin/writing/files/images/hiking-ridge.jpg"');
  });
});

describe('talks and taxonomy', () => {
  it('writes a talk with images, refuses a tenth image and foreign addresses, and bins it', async () => {
    const saved = await writing('POST', '/talks', {
      content: '今天的说说',
      images: ['/img/talks/cat.svg'],
      pinned: true,
      public: true,
      base_revision: null,
    });
    expect(saved.status).toBe(200);
    const talkFile = readFileSync(
      join(content, 'talks', `${String(saved.body.result.id).padStart(4, '0')}.md`),
      'utf8',
    );
    expect(talkFile).toContain('pinned: true');
    expect(talkFile).toContain('今天的说说');
    expect(
      (await writing('POST', '/talks', { content: 'x', images: Array(10).fill('/img/talks/cat.svg') })).status,
    ).toBe(400);
    expect((await writing('POST', '/talks', { content: 'x', images: ['javascript:alert(1)'] })).body.message).toContain(
      '图片必须是本站上传的图片',
    );
    expect((await writing('POST', '/talks', { content: '  ' })).body.message).toBe('请填写内容');
    expect((await writing('PUT', `/talks/${saved.body.result.id}/trash`)).status).toBe(200);
    expect((await writing('GET', '/talks?trashed=1')).body.result.map((t: { id: number }) => t.id)).toContain(
      saved.body.result.id,
    );
  });

  it('a new talk never replaces a hand-written file that has its name', async () => {
    const folders = [join(content, 'talks'), join(content, '.trash', 'talks')].filter((dir) => existsSync(dir));
    const ids = folders.flatMap((dir) =>
      readdirSync(dir).map((name) => Number(readFileSync(join(dir, name), 'utf8').match(/^id: (\d+)/m)?.[1] ?? 0)),
    );
    const next = Math.max(...ids) + 2;
    // A hand-written talk whose file carries the next id's name but an id of its own.
    writeFileSync(
      join(content, 'talks', `${String(next).padStart(4, '0')}.md`),
      `---\nid: ${next - 1}\ndate: "2025-01-01 08:00:00"\n---\n\n手写的说说\n`,
    );
    const saved = (
      await writing('POST', '/talks', {
        content: '新的说说',
        images: [],
        pinned: false,
        public: true,
        base_revision: null,
      })
    ).body.result;
    expect(saved.id).toBe(next);
    expect(readFileSync(join(content, 'talks', `${String(next).padStart(4, '0')}.md`), 'utf8')).toContain('手写的说说');
    expect(readFileSync(join(content, 'talks', `${String(next).padStart(4, '0')}-2.md`), 'utf8')).toContain('新的说说');
  });

  it('renames a tag in every article that has it, merging into an existing one', async () => {
    const a = (await writing('POST', '/articles', draft({ title: 'Tag A', tags: ['旧名'] }))).body
      .result as WritingArticle;
    const b = (await writing('POST', '/articles', draft({ title: 'Tag B', tags: ['旧名', '新名'] }))).body
      .result as WritingArticle;
    const renamed = await writing('PUT', '/taxonomy/rename', { kind: 'tag', from: '旧名', to: '新名' });
    expect(renamed.body.result.changed).toBe(2);
    expect((await writing('GET', `/articles/${a.id}`)).body.result.tags).toEqual(['新名']);
    expect((await writing('GET', `/articles/${b.id}`)).body.result.tags).toEqual(['新名']);
    const { tags } = (await writing('GET', '/taxonomy')).body.result;
    expect(tags.find((t: { name: string }) => t.name === '旧名')).toBeUndefined();
    expect((await writing('PUT', '/taxonomy/rename', { kind: 'tag', from: '新名', to: '' })).status).toBe(400);
  });
});

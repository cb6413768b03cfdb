/**
 * `npm run export` and reading an export back: a small site (Markdown, pictures, uploads, a SQLite
 * database) exported, checked file by file, exported again byte for byte, and read back into the
 * Bundle the import writes, from the folder and from its zip.
 */
import {
  cpSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, migrateDb, openDb, type Db } from '../../src/server/db/client';
import {
  articleStats,
  comments,
  likes,
  links,
  messages,
  sessions,
  siteStats,
  talkStats,
  users,
} from '../../src/server/db/schema';
import { exportSite } from '../../src/server/export/exportSite';
import { unzipTo, zipExport } from '../../src/server/export/zip';
import type { Bundle } from '../../src/server/import/bundle';
import { readExport } from '../../src/server/import/sources/exported';
import { parseSiteDate } from '../../src/lib/shared/time';
import { site } from '../../src/site.config';
import { runScript } from './scripts';

const AVATAR = `${'a'.repeat(32)}.png`;
const TALK_PICTURE = `${'b'.repeat(32)}.jpg`;
const BOARD_BACKGROUND = `${'c'.repeat(32)}.webp`;
const UNNAMED = `${'d'.repeat(32)}.png`;
const HASH = 'scrypt$32768$8$1$c2FsdA$aGFzaA';
const GUEST_EMAIL = 'guest-secret@example.com';
const SESSION_HASH = 'session-token-hash-never-exported';
const when = (s: string) => new Date(`${s}Z`);

let dir: string;
let contentDir: string;
let uploadDir: string;
let databaseUrl: string;
let db: Db;

function put(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** Every file of a folder, by relative path, with its bytes as text. */
function filesOf(root: string): Record<string, string> {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(
    entries
      .map((e) => join(e.parentPath, e.name))
      .map((path) => [relative(root, path).split('\\').join('/'), readFileSync(path, 'latin1')] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const readJson = (root: string, path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-export-'));
  contentDir = join(dir, 'content');
  uploadDir = join(dir, 'uploads');
  databaseUrl = `file:${join(dir, 'blog.db')}`;
  put(
    join(contentDir, 'articles', '0001-hello.md'),
    '---\nid: 1\ntitle: "你好"\ndate: "2024-01-02 03:04:05"\ncategory: 随笔\ntags: [Astro, 生活]\n' +
      'cover: ./covers/c.jpg\ndescription: "摘要"\npinned: true\n---\n\n正文 ![图](./images/a.png)\n\n' +
      '```\n![不是图](./images/nope.png)\n```\n',
  );
  put(
    join(contentDir, 'articles', '0002-repost.md'),
    '---\nid: 2\ntitle: "转载"\ndate: "2024-02-03 10:00:00"\nupdated: "2024-02-04 11:00:00"\ncategory: 技术\n' +
      'tags: [Git]\ntype: repost\norigin_url: https://example.com/post\norder: 3\ndraft: true\nprivate: true\n---\n\n转载的正文\n',
  );
  put(join(contentDir, 'articles', 'images', 'a.png'), 'png bytes');
  put(join(contentDir, 'articles', 'covers', 'c.jpg'), 'jpg bytes');
  put(join(contentDir, 'articles', '0003-x.md.123.456.tmp'), 'half written');
  put(
    join(contentDir, 'talks', '0001.md'),
    `---\nid: 1\ndate: "2025-01-05 09:12:00"\nimages: ["/uploads/${TALK_PICTURE}", "https://example.com/t.png", "/img/talks/cat.svg"]\npinned: true\n---\n\n说说正文\n`,
  );
  put(
    join(contentDir, '.trash', 'talks', '0002.md'),
    '---\nid: 2\ndate: "2025-02-01 08:00:00"\nprivate: true\n---\n\n删掉的说说\n',
  );
  put(
    join(contentDir, '.trash', 'articles', '0004-old.md'),
    '---\nid: 4\ntitle: "旧文"\ndate: "2020-01-01"\ncategory: 旧\ntags: [旧]\n---\n\n旧\n',
  );
  put(
    join(contentDir, 'redirects.yaml'),
    '/2024/01/02/hello/: /article/1\n/p/hello.html: /article/1\n/gone/: /article/99\n',
  );
  for (const name of [AVATAR, TALK_PICTURE, BOARD_BACKGROUND, UNNAMED]) put(join(uploadDir, name), `upload ${name}`);

  db = await openDb(databaseUrl);
  await migrateDb(db);
  await db.insert(users).values([
    {
      id: 1,
      username: 'owner',
      passwordHash: HASH,
      nickName: '站长',
      avatar: `/uploads/${AVATAR}`,
      role: 1,
      email: 'owner@example.com',
      emailVerifiedAt: when('2024-01-01T00:00:00'),
      createdAt: when('2023-12-01T00:00:00'),
    },
    {
      id: 2,
      username: 'reader',
      passwordHash: `${HASH}2`,
      nickName: '读者',
      email: 'unverified@example.com',
      createdAt: when('2024-01-05T00:00:00'),
    },
  ]);
  await db.insert(sessions).values({ tokenHash: SESSION_HASH, userId: 1, expiresAt: when('2099-01-01T00:00:00') });
  await db.insert(messages).values([
    {
      id: 1,
      userId: 2,
      message: '留言',
      color: '#fff',
      bgUrl: `/uploads/${BOARD_BACKGROUND}`,
      tag: '日常',
      likes: 2,
      ipLocation: '北京',
      createdAt: when('2024-03-01T00:00:00'),
    },
    { id: 2, userId: 2, message: '被隐藏', hidden: true, createdAt: when('2024-03-02T00:00:00') },
  ]);
  await db.insert(comments).values([
    { id: 1, type: 1, forId: 1, userId: 2, content: '好文', likes: 1, createdAt: when('2024-01-03T00:00:00') },
    {
      id: 2,
      type: 1,
      forId: 1,
      parentId: 1,
      userId: 1,
      toUserId: 2,
      content: '谢谢',
      ipLocation: '上海',
      createdAt: when('2024-01-04T00:00:00'),
    },
    {
      id: 3,
      type: 2,
      forId: 1,
      guestName: '路人',
      guestEmail: GUEST_EMAIL,
      guestSite: 'https://guest.example.com',
      guestDevice: 'device-hash',
      content: '路过',
      held: true,
      createdAt: when('2024-01-06T00:00:00'),
    },
    { id: 4, type: 3, forId: 1, userId: 1, content: '回留言', hidden: true, createdAt: when('2024-03-03T00:00:00') },
  ]);
  await db.insert(likes).values([
    { type: 'article', targetId: 1, actor: 'user:2', createdAt: when('2024-01-03T01:00:00') },
    { type: 'article', targetId: 1, actor: 'device:abcdef', createdAt: when('2024-01-03T02:00:00') },
    { type: 'comment', targetId: 1, actor: 'user:1', createdAt: when('2024-01-04T01:00:00') },
  ]);
  await db.insert(links).values([
    {
      id: 1,
      userId: 2,
      siteName: '工具',
      siteDesc: '好用',
      siteAvatar: `/uploads/${AVATAR}`,
      url: 'https://tool.example.com',
      status: 2,
      createdAt: when('2024-04-01T00:00:00'),
    },
    { id: 2, userId: 2, siteName: '拒绝', siteDesc: '不行', url: 'https://no.example.com', status: 3 },
  ]);
  await db.insert(articleStats).values([
    { articleId: 1, views: 120, likes: 5, readingMs: 60_000 },
    { articleId: 2, views: 3, likes: 0, readingMs: 0 },
  ]);
  await db.insert(talkStats).values({ talkId: 1, likes: 4 });
  await db.insert(siteStats).values({ name: 'views', value: 999 });
}, 60_000);

afterAll(async () => {
  if (db) await closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

const options = (withPasswords = false) => ({ db, contentDir, uploadDir, withPasswords });

describe('exportSite', () => {
  it('writes the Markdown as it is, the named uploads and the data, and nothing of sessions or guest addresses', async () => {
    const target = join(dir, 'out-1');
    const summary = await exportSite(options(), target);
    expect(summary.counts).toEqual({
      articles: 2,
      trashedArticles: 1,
      articleImages: 2,
      talks: 1,
      trashedTalks: 1,
      users: 2,
      comments: 4,
      messages: 2,
      likes: 2,
      links: 2,
      uploads: 3,
    });
    expect(summary.withPasswords).toBe(false);
    expect(summary.missingUploads).toEqual([]);
    expect(summary.leftOut).toContain('登录会话');

    const files = filesOf(target);
    expect(Object.keys(files)).toEqual([
      'articles/0001-hello.md',
      'articles/0002-repost.md',
      'articles/covers/c.jpg',
      'articles/images/a.png',
      'data/comments.json',
      'data/likes.json',
      'data/links.json',
      'data/messages.json',
      'data/site.json',
      'data/stats.json',
      'data/users.json',
      'manifest.json',
      'redirects.yaml',
      'talks/0001.md',
      'trash/articles/0004-old.md',
      'trash/talks/0002.md',
      `uploads/${AVATAR}`,
      `uploads/${TALK_PICTURE}`,
      `uploads/${BOARD_BACKGROUND}`,
    ]);
    expect(files['articles/0001-hello.md']).toBe(readFileSync(join(contentDir, 'articles', '0001-hello.md'), 'latin1'));
    const manifest = readJson(target, 'manifest.json');
    expect(manifest).toEqual({ format: 'mengblog-export', version: 1, exportedAt: expect.any(String) });

    const exportedUsers = readJson(target, 'data/users.json');
    expect(exportedUsers).toEqual([
      {
        id: 1,
        username: 'owner',
        nick_name: '站长',
        avatar: `/uploads/${AVATAR}`,
        role: 'admin',
        disabled: false,
        email: 'owner@example.com',
        created_at: '2023-12-01T00:00:00.000Z',
      },
      {
        id: 2,
        username: 'reader',
        nick_name: '读者',
        avatar: '',
        role: 'user',
        disabled: false,
        created_at: '2024-01-05T00:00:00.000Z',
      },
    ]);
    const exportedComments = readJson(target, 'data/comments.json');
    expect(exportedComments.map((c: any) => c.id)).toEqual([1, 2, 3, 4]);
    expect(exportedComments[1]).toMatchObject({ type: 'article', for_id: 1, parent_id: 1, user_id: 1, to_user_id: 2 });
    expect(exportedComments[2]).toMatchObject({
      type: 'talk',
      user_id: null,
      guest_name: '路人',
      guest_site: 'https://guest.example.com',
      held: true,
    });
    expect(Object.keys(exportedComments[2])).not.toContain('guest_email');
    expect(readJson(target, 'data/likes.json')).toEqual([
      { type: 'article', target_id: 1, user_id: 2, created_at: '2024-01-03T01:00:00.000Z' },
      { type: 'comment', target_id: 1, user_id: 1, created_at: '2024-01-04T01:00:00.000Z' },
    ]);
    expect(readJson(target, 'data/links.json').map((l: any) => l.status)).toEqual(['approved', 'rejected']);
    expect(readJson(target, 'data/stats.json')).toEqual({
      articles: [
        { id: 1, views: 120, likes: 5, reading_ms: 60_000 },
        { id: 2, views: 3, likes: 0, reading_ms: 0 },
      ],
      talks: [{ id: 1, likes: 4 }],
      site: { views: 999 },
    });
    expect(readJson(target, 'data/site.json')).toMatchObject({
      title: site.title,
      author: site.author,
      social: site.social,
      payment: site.payment,
    });
    const everything = Object.values(files).join('\n');
    for (const secret of [HASH, GUEST_EMAIL, SESSION_HASH, 'unverified@example.com', 'device-hash', 'abcdef'])
      expect(everything).not.toContain(secret);
  });

  it('adds the password hashes only when asked', async () => {
    const target = join(dir, 'out-passwords');
    expect((await exportSite(options(true), target)).withPasswords).toBe(true);
    expect(readJson(target, 'data/users.json').map((u: any) => u.password_hash)).toEqual([HASH, `${HASH}2`]);
  });

  it('gives the same bytes twice, but for exportedAt', async () => {
    const first = filesOf(join(dir, 'out-1'));
    const second = filesOf((await exportSite(options(), join(dir, 'out-2'))).target);
    const withoutTime = (files: Record<string, string>) => ({
      ...files,
      'manifest.json': files['manifest.json'].replace(/"exportedAt": "[^"]*"/, ''),
    });
    expect(withoutTime(second)).toEqual(withoutTime(first));
  });

  it('refuses a folder that is not empty', async () => {
    await expect(exportSite(options(), join(dir, 'out-1'))).rejects.toThrow('不是空的');
  });
});

describe('readExport', () => {
  let bundle: Bundle;
  const out = () => join(dir, 'out-passwords');
  beforeAll(async () => {
    bundle = await readExport(out());
  });

  it('reads the articles with their ids, fields, pictures, counters and old addresses', () => {
    expect(bundle.articles.map((a) => [a.key, a.trashed])).toEqual([
      ['export:article:1', false],
      ['export:article:2', false],
      ['export:article:4', true],
    ]);
    const [hello, repost] = bundle.articles;
    expect(hello).toEqual({
      key: 'export:article:1',
      id: 1,
      title: '你好',
      body: readFileSync(join(contentDir, 'articles', '0001-hello.md'), 'utf8').split('---\n\n')[1],
      images: [{ ref: './images/a.png', from: { file: join(out(), 'articles', 'images', 'a.png') } }],
      cover: { ref: './covers/c.jpg', from: { file: join(out(), 'articles', 'covers', 'c.jpg') } },
      description: '摘要',
      category: '随笔',
      tags: ['Astro', '生活'],
      pinned: true,
      order: 0,
      type: 'original',
      date: parseSiteDate('2024-01-02 03:04:05'),
      draft: false,
      private: false,
      trashed: false,
      views: 120,
      likes: 5,
      readingMs: 60_000,
      oldPaths: ['/2024/01/02/hello/', '/p/hello.html'],
    });
    expect(repost).toMatchObject({
      id: 2,
      type: 'repost',
      origin: 'https://example.com/post',
      order: 3,
      draft: true,
      private: true,
      updated: parseSiteDate('2024-02-04 11:00:00'),
      views: 3,
      oldPaths: [],
    });
    expect(bundle.articles[2]).toMatchObject({ id: 4, title: '旧文', body: expect.stringContaining('旧') });
  });

  it('reads the talks, the recycle bin too, with their pictures', () => {
    expect(bundle.talks).toEqual([
      {
        key: 'export:talk:1',
        id: 1,
        body: '说说正文',
        images: [
          { ref: `/uploads/${TALK_PICTURE}`, from: { file: join(out(), 'uploads', TALK_PICTURE) } },
          { ref: 'https://example.com/t.png', from: { url: 'https://example.com/t.png' } },
          { ref: '/img/talks/cat.svg', from: null },
        ],
        date: parseSiteDate('2025-01-05 09:12:00'),
        pinned: true,
        private: false,
        trashed: false,
        likes: 4,
      },
      {
        key: 'export:talk:2',
        id: 2,
        body: '删掉的说说',
        images: [],
        date: parseSiteDate('2025-02-01 08:00:00'),
        pinned: false,
        private: true,
        trashed: true,
        likes: 0,
      },
    ]);
  });

  it('reads the people and what they wrote, with keys for references', () => {
    expect(bundle.users).toEqual([
      {
        key: 'export:user:1',
        username: 'owner',
        nickName: '站长',
        avatar: `/uploads/${AVATAR}`,
        role: 'admin',
        passwordHash: HASH,
        email: 'owner@example.com',
        emailVerified: true,
        disabled: false,
        createdAt: when('2023-12-01T00:00:00'),
      },
      {
        key: 'export:user:2',
        username: 'reader',
        nickName: '读者',
        avatar: '',
        role: 'user',
        passwordHash: `${HASH}2`,
        disabled: false,
        createdAt: when('2024-01-05T00:00:00'),
      },
    ]);
    expect(bundle.comments).toEqual([
      {
        key: 'export:comment:1',
        target: { kind: 'article', key: 'export:article:1' },
        author: { userKey: 'export:user:2' },
        content: '好文',
        likes: 1,
        hidden: false,
        held: false,
        ipLocation: '',
        createdAt: when('2024-01-03T00:00:00'),
      },
      {
        key: 'export:comment:2',
        target: { kind: 'article', key: 'export:article:1' },
        parentKey: 'export:comment:1',
        author: { userKey: 'export:user:1' },
        toUserKey: 'export:user:2',
        content: '谢谢',
        likes: 0,
        hidden: false,
        held: false,
        ipLocation: '上海',
        createdAt: when('2024-01-04T00:00:00'),
      },
      {
        key: 'export:comment:3',
        target: { kind: 'talk', key: 'export:talk:1' },
        author: { guestName: '路人', guestSite: 'https://guest.example.com' },
        content: '路过',
        likes: 0,
        hidden: false,
        held: true,
        ipLocation: '',
        createdAt: when('2024-01-06T00:00:00'),
      },
      {
        key: 'export:comment:4',
        target: { kind: 'message', key: 'export:message:1' },
        author: { userKey: 'export:user:1' },
        content: '回留言',
        likes: 0,
        hidden: true,
        held: false,
        ipLocation: '',
        createdAt: when('2024-03-03T00:00:00'),
      },
    ]);
    expect(bundle.messages).toEqual([
      {
        key: 'export:message:1',
        author: { userKey: 'export:user:2' },
        message: '留言',
        color: '#fff',
        fontSize: '',
        fontWeight: '',
        bgColor: '',
        bgUrl: `/uploads/${BOARD_BACKGROUND}`,
        tag: '日常',
        likes: 2,
        hidden: false,
        ipLocation: '北京',
        createdAt: when('2024-03-01T00:00:00'),
      },
      expect.objectContaining({ key: 'export:message:2', message: '被隐藏', hidden: true }),
    ]);
    expect(bundle.uploads).toEqual(
      Object.fromEntries(
        [AVATAR, BOARD_BACKGROUND, TALK_PICTURE]
          .sort()
          .map((name) => [`/uploads/${name}`, { file: join(out(), 'uploads', name) }]),
      ),
    );
    expect(bundle.likes).toEqual([
      {
        key: 'export:like:article:1:2',
        target: { kind: 'article', key: 'export:article:1' },
        userKey: 'export:user:2',
        createdAt: when('2024-01-03T01:00:00'),
      },
      {
        key: 'export:like:comment:1:1',
        target: { kind: 'comment', key: 'export:comment:1' },
        userKey: 'export:user:1',
        createdAt: when('2024-01-04T01:00:00'),
      },
    ]);
    expect(bundle.links).toEqual([
      {
        key: 'export:link:1',
        userKey: 'export:user:2',
        siteName: '工具',
        siteDesc: '好用',
        siteAvatar: `/uploads/${AVATAR}`,
        url: 'https://tool.example.com',
        status: 'approved',
        createdAt: when('2024-04-01T00:00:00'),
      },
      expect.objectContaining({ key: 'export:link:2', siteName: '拒绝', status: 'rejected' }),
    ]);
    expect(bundle.site).toMatchObject({
      name: site.title,
      motto: site.personalSay,
      links: expect.objectContaining({ github: site.social.github, wechat: site.social.weChat }),
      views: 999,
    });
  });

  it('gives no password hash from an export without them', async () => {
    const without = await readExport(join(dir, 'out-1'));
    expect(without.users.map((u) => u.passwordHash)).toEqual([null, null]);
  });

  it('reads the zip of an export as the folder', async () => {
    const zipFile = join(dir, 'out-passwords.zip');
    await pipeline(zipExport(out()), createWriteStream(zipFile));
    const fromZip = await readExport(zipFile);
    // The pictures' files are in the unpacked copy: the same names under another root.
    const rootOf = (b: Bundle) => {
      const from = b.articles[0].cover?.from;
      return from && 'file' in from ? dirname(dirname(dirname(from.file))) : '';
    };
    expect(rootOf(bundle)).toBe(out());
    const rooted = (b: Bundle) => JSON.parse(JSON.stringify({ ...b, source: '' }).replaceAll(rootOf(b), '<root>'));
    expect(rooted(fromZip)).toEqual(rooted(bundle));
    expect(rootOf(fromZip)).not.toBe(out());
  });

  it('refuses a folder that is not an export, or another version', async () => {
    const other = join(dir, 'not-export');
    mkdirSync(other);
    await expect(readExport(other)).rejects.toThrow('不是本博客的导出');
    writeFileSync(join(other, 'manifest.json'), JSON.stringify({ format: 'mengblog-export', version: 2 }));
    await expect(readExport(other)).rejects.toThrow('不支持的导出格式版本 2');
    const escaping = join(dir, 'escaping.zip');
    writeFileSync(escaping, zipSync({ '../outside.txt': strToU8('x') }));
    await expect(readExport(escaping)).rejects.toThrow('不安全的文件名');
    expect(readdirSync(dirname(dir))).not.toContain('outside.txt');
  });

  it('refuses a hand-edited data file, saying which row and field is wrong', async () => {
    const edited = join(dir, 'edited');
    cpSync(out(), edited, { recursive: true });
    const users = readJson(edited, 'data/users.json') as Record<string, unknown>[];
    delete users.at(-1)!.username;
    writeFileSync(join(edited, 'data/users.json'), JSON.stringify(users));
    await expect(readExport(edited)).rejects.toThrow(
      `data/users.json 的内容不对：第 ${users.length} 条的 username：无效输入：期望 string，实际接收 undefined`,
    );
    writeFileSync(join(edited, 'data/users.json'), JSON.stringify({ not: 'a list' }));
    await expect(readExport(edited)).rejects.toThrow('data/users.json 的内容不对：整个文件');
  });

  it('stops unpacking a zip that grows past its limit, a zip bomb', async () => {
    const bomb = join(dir, 'bomb.zip');
    // 4 MB of zeros pack to a few KB: far past a hundred times the zip's size.
    writeFileSync(bomb, zipSync({ 'manifest.json': new Uint8Array(4 * 1024 * 1024) }, { level: 9 }));
    const into = join(dir, 'bomb');
    mkdirSync(into);
    await expect(unzipTo(bomb, into, { maxBytes: 1024 * 1024 })).rejects.toThrow('压缩包解开后超过 1 MB');
    expect(statSync(join(into, 'manifest.json')).size).toBeLessThanOrEqual(1024 * 1024);
    // An honest export unpacks to far less than a hundred times its zip (src/server/export/zip.ts, unpackedLimit).
    const honest = join(dir, 'honest.zip');
    await pipeline(zipExport(out()), createWriteStream(honest));
    const total = Object.values(filesOf(out())).reduce((sum, text) => sum + Buffer.byteLength(text, 'latin1'), 0);
    expect(total).toBeLessThan(100 * statSync(honest).size);
  });
});

describe('npm run export', () => {
  const env = () => ({ DATABASE_URL: databaseUrl, CONTENT_DIR: contentDir, UPLOAD_DIR: uploadDir });

  it('exports into the folder given and says what it wrote', async () => {
    const target = join(dir, 'cli');
    const run = await runScript('scripts/export.ts', [target], env());
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`导出完成：${target}`);
    expect(run.output).toContain('文章 2 篇（回收站 1 篇）');
    expect(run.output).toContain('未包含密码哈希');
    expect(readJson(target, 'data/users.json')[0]).not.toHaveProperty('password_hash');
    expect(filesOf(target)['articles/0001-hello.md']).toBe(filesOf(join(dir, 'out-1'))['articles/0001-hello.md']);
  }, 30_000);

  it('leaves one zip with --zip --with-passwords, which reads back', async () => {
    const target = join(dir, 'cli-zip');
    const run = await runScript('scripts/export.ts', [target, '--zip', '--with-passwords'], env());
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`导出完成：${target}.zip`);
    expect(run.output).toContain('已包含用户的密码哈希');
    expect(readdirSync(dir)).not.toContain('cli-zip');
    expect((await readExport(`${target}.zip`)).users[0].passwordHash).toBe(HASH);
  }, 30_000);

  it('refuses an unknown argument with the usage', async () => {
    const run = await runScript('scripts/export.ts', ['--passwords'], env());
    expect(run.code).toBe(2);
    expect(run.output).toContain('不认识的参数：--passwords');
    expect(run.output).toContain('用法');
  }, 30_000);
});

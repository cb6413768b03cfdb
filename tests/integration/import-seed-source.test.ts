/**
 * Reading the original blog's database into a Bundle, on a private MariaDB loaded with a small
 * blog of our own writing (tests/fixtures/import/seedBlog.sql). Every field is checked against what
 * the fixture holds: ids become keys, codes become words, Beijing time becomes the right moment,
 * replies to replies climb to their top comment, comment HTML becomes text, and what cannot come
 * over is listed with where it is.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMariadb, type PrivateMariadb } from '../../scripts/lib/privateMariadb';
import type { Bundle, ImportedArticle, ImportedComment, ImportedMessage } from '../../src/server/import/bundle';
import { readSeed } from '../../src/server/import/sources/seed';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8').replaceAll(
    'PORT_PLACEHOLDER',
    IMAGE_PORT,
  );
/** The port of the pictures' addresses in the fixture: only ever compared, never connected to. */
const IMAGE_PORT = '8765';
const web = (path: string) => `http://127.0.0.1:${IMAGE_PORT}${path}`;
/** A datetime as the fixture writes it, in Beijing time. */
const beijing = (datetime: string) => new Date(`${datetime.replace(' ', 'T')}+08:00`);

async function load(url: string, ...sql: string[]) {
  const connection = await mysql.createConnection({ uri: url, multipleStatements: true });
  try {
    for (const text of sql) await connection.query(text);
  } finally {
    await connection.end();
  }
}

let server: PrivateMariadb | undefined;
let url: string;
let imageDir: string;
let bundle: Bundle;

beforeAll(async () => {
  server = await startMariadb();
  url = await server.createDatabase('online_blog');
  await load(url, fixture('seedSchema.sql'), fixture('seedBlog.sql'));
  // The owner's copy of the original's uploads: `cat.png` where its path says, and a talk's photo
  // in a folder given as the upload folder itself (without its `upload/`).
  imageDir = mkdtempSync(join(tmpdir(), 'blog-seed-images-'));
  mkdirSync(join(imageDir, 'upload', '2023'), { recursive: true });
  writeFileSync(join(imageDir, 'upload', '2023', 'cat.png'), 'cat');
  mkdirSync(join(imageDir, 'talk'));
  writeFileSync(join(imageDir, 'talk', 'a.jpg'), 'talk');
  bundle = await readSeed(url, { imageDir });
});

afterAll(async () => {
  await server?.stop();
  if (imageDir) rmSync(imageDir, { recursive: true, force: true });
});

const byKey = <T extends { key: string }>(items: T[], key: string): T => {
  const found = items.find((item) => item.key === key);
  if (!found) throw new Error(`${key} 不在结果里：${items.map((item) => item.key).join(', ')}`);
  return found;
};
const leftAt = (where: string) => bundle.leftBehind.filter((line) => line.where === where).map((line) => line.reason);

describe('accounts', () => {
  it('keeps each user with its bcrypt hash, role and time, and leaves one without a username', () => {
    expect(bundle.users.map((user) => user.key)).toEqual(['seed:user:1', 'seed:user:2', 'seed:user:4']);
    const admin = byKey(bundle.users, 'seed:user:1');
    expect(admin).toMatchObject({
      username: 'admin',
      nickName: '小张',
      avatar: web('/avatar/admin.png'),
      role: 'admin',
      createdAt: beijing('2023-01-02 09:00:00'),
    });
    expect(admin.passwordHash).toMatch(/^\$2a\$10\$/);
    expect(bcrypt.compareSync('yuanboke-2023', admin.passwordHash!)).toBe(true);
    const reader = byKey(bundle.users, 'seed:user:2');
    expect(reader).toMatchObject({ username: 'reader', nickName: '读者小李', avatar: '', role: 'user' });
    expect(bcrypt.compareSync('duzhe-pass-7', reader.passwordHash!)).toBe(true);
    expect(reader.createdAt).toEqual(beijing('2023-02-03 21:15:30'));
    // No nickname: the username; no role: a reader; a password that is no bcrypt hash: none.
    expect(byKey(bundle.users, 'seed:user:4')).toMatchObject({
      username: 'oldtimer',
      nickName: 'oldtimer',
      role: 'user',
      passwordHash: null,
    });
    expect(leftAt('blog_user（id 3）')).toEqual([expect.stringContaining('没有用户名')]);
  });
});

describe('articles', () => {
  const article = (id: number): ImportedArticle => byKey(bundle.articles, `seed:article:${id}`);

  it('keeps the ids of the articles with a title and leaves the one without', () => {
    expect(bundle.articles.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(leftAt('blog_article（id 4）')).toEqual([expect.stringContaining('没有标题')]);
  });

  it('reads a public pinned original with its category, tags, counts and times', () => {
    const first = article(1);
    expect(first).toMatchObject({
      title: 'Vue 3 入门',
      description: '第一篇文章',
      category: '前端',
      tags: ['CSS', 'Vue'],
      pinned: true,
      // The original shows the larger order first, ours the smaller.
      order: -3,
      type: 'original',
      draft: false,
      private: false,
      views: 120,
      likes: 2,
      readingMs: 93457,
      oldPaths: [],
    });
    expect(first.origin).toBeUndefined();
    expect(first.date).toEqual(beijing('2023-03-01 08:30:00'));
    expect(first.updated).toEqual(beijing('2023-03-02 23:59:59'));
    expect(first.body).toContain('# Vue 3 入门\n\n');
  });

  it('lists each picture once as the text writes it, code left out, with where to get it', () => {
    const first = article(1);
    expect(first.images).toEqual([
      { ref: web('/images/sky.png'), from: { url: web('/images/sky.png') } },
      { ref: '/upload/2023/cat.png', from: { file: join(imageDir, 'upload', '2023', 'cat.png') } },
      { ref: 'https://cdn.example.com/a.png?w=1&amp;h=2', from: { url: 'https://cdn.example.com/a.png?w=1&h=2' } },
    ]);
    for (const image of first.images) expect(first.body).toContain(image.ref);
    expect(first.cover).toEqual({ ref: web('/images/cover.jpg'), from: { url: web('/images/cover.jpg') } });
  });

  it('reads a private repost with its origin, and never follows a path out of the image folder', () => {
    const second = article(2);
    expect(second).toMatchObject({
      private: true,
      draft: false,
      pinned: false,
      order: -1,
      type: 'repost',
      origin: 'https://example.com/origin',
      category: '生活',
      tags: ['随笔'],
      readingMs: 1500,
      date: beijing('2023-04-10 00:15:00'),
    });
    expect(second.description).toBeUndefined();
    expect(second.images).toEqual([{ ref: '/upload/../../secret.png', from: null }]);
    // Not in the folder: the path as it would be, for the copy to report missing.
    expect(second.cover).toEqual({
      ref: '/upload/covers/c2.jpg',
      from: { file: join(imageDir, 'upload', 'covers', 'c2.jpg') },
    });
  });

  it('reads a draft translation without an origin as an original, uncategorised and untagged, and says so', () => {
    const third = article(3);
    expect(third).toMatchObject({
      draft: true,
      private: false,
      type: 'original',
      category: '未分类',
      tags: ['未分类'],
      readingMs: 0,
      images: [],
    });
    expect(third.origin).toBeUndefined();
    expect(third.cover).toBeUndefined();
    expect(leftAt('blog_article（id 3）')).toEqual([expect.stringMatching(/翻译.*原文地址.*原创/)]);
  });
});

describe('talks', () => {
  it('reads each talk with its photos in id order, its status and its likes', async () => {
    expect(bundle.talks.map((talk) => [talk.key, talk.id])).toEqual([
      ['seed:talk:1', 1],
      ['seed:talk:2', 2],
      ['seed:talk:3', 3],
    ]);
    expect(byKey(bundle.talks, 'seed:talk:1')).toEqual({
      key: 'seed:talk:1',
      id: 1,
      body: '今天天气真好',
      images: [
        { ref: web('/talk/z.jpg'), from: { url: web('/talk/z.jpg') } },
        // The folder given holds the upload folder's content: found by the path's tail.
        { ref: '/upload/talk/a.jpg', from: { file: join(imageDir, 'talk', 'a.jpg') } },
      ],
      date: beijing('2023-07-01 07:00:00'),
      pinned: true,
      private: false,
      trashed: false,
      likes: 3,
    });
    expect(byKey(bundle.talks, 'seed:talk:2')).toMatchObject({
      body: '私密的说说',
      images: [{ ref: web('/talk/c.jpg'), from: { url: web('/talk/c.jpg') } }],
      pinned: false,
      private: true,
      trashed: false,
    });
    expect(byKey(bundle.talks, 'seed:talk:3')).toMatchObject({
      body: '删掉的说说',
      images: [],
      trashed: true,
      private: false,
      likes: 1,
    });
  });
});

describe('the message board', () => {
  const message = (id: number): ImportedMessage => byKey(bundle.messages, `seed:message:${id}`);

  it('reads a reader’s message with its look as our board stores it', () => {
    expect(message(1)).toEqual({
      key: 'seed:message:1',
      author: { userKey: 'seed:user:2' },
      message: '博主好！',
      color: '#ff0000',
      fontSize: '16px',
      fontWeight: '500',
      bgColor: '',
      bgUrl: '',
      tag: '打卡',
      likes: 1,
      createdAt: beijing('2023-08-01 20:00:00'),
    });
  });

  it('reads a guest’s message: the picker’s hsv() as rgb(), a refused font size as the default, reported', () => {
    expect(message(2)).toMatchObject({
      author: { guestName: '路过的网友' },
      color: 'rgb(0, 128, 0)',
      fontSize: '',
      fontWeight: '700',
      bgColor: '#fff8dc',
      bgUrl: web('/bg/paper.png'),
      tag: '',
      createdAt: beijing('2023-08-02 01:02:03'),
    });
    expect(leftAt('blog_message（id 2）')).toEqual([expect.stringMatching(/^字号「99px」.*默认/)]);
  });

  it('drops the look ours would refuse and leaves an empty message, each reported', () => {
    expect(message(3)).toMatchObject({ color: '', fontSize: '12px', fontWeight: '400', bgColor: '', tag: '' });
    expect(leftAt('blog_message（id 3）')).toEqual([
      expect.stringMatching(/^文字颜色「red」/),
      expect.stringMatching(/^标签「这个标签实在是太长了超过十个字」/),
    ]);
    expect(bundle.messages.map((item) => item.key)).toEqual(['seed:message:1', 'seed:message:2', 'seed:message:3']);
    expect(leftAt('blog_message（id 4）')).toEqual([expect.stringContaining('为空')]);
  });
});

describe('comments', () => {
  const comment = (id: number): ImportedComment => byKey(bundle.comments, `seed:comment:${id}`);

  it('keeps the comments whose thing came over, as text', () => {
    expect(bundle.comments.map((item) => item.key)).toEqual([1, 2, 3, 4, 5, 7].map((id) => `seed:comment:${id}`));
    expect(comment(1)).toEqual({
      key: 'seed:comment:1',
      target: { kind: 'article', key: 'seed:article:1' },
      author: { userKey: 'seed:user:2' },
      content: '写得好[微笑] & 学到了',
      likes: 2,
      hidden: false,
      createdAt: beijing('2023-03-05 18:00:00'),
    });
    expect(leftAt('blog_comment（id 6）')).toEqual([expect.stringMatching(/文章不存在.*未导入/)]);
    expect(leftAt('blog_comment（id 8）')).toEqual([expect.stringContaining('为空')]);
  });

  it('hangs a reply and a reply to the reply under the top comment, with who they answer', () => {
    expect(comment(2)).toMatchObject({
      parentKey: 'seed:comment:1',
      author: { userKey: 'seed:user:1' },
      toUserKey: 'seed:user:2',
      content: '谢谢！',
    });
    expect(comment(3)).toMatchObject({
      parentKey: 'seed:comment:1',
      target: { kind: 'article', key: 'seed:article:1' },
      author: { guestName: '路人甲' },
      toUserKey: 'seed:user:1',
      content: '第一行\n第二行 <3',
      likes: 1,
    });
  });

  it('reads comments on talks and board messages, a nameless guest, and a reply whose parent is gone', () => {
    expect(comment(4)).toEqual({
      key: 'seed:comment:4',
      target: { kind: 'talk', key: 'seed:talk:1' },
      author: { guestName: '游客' },
      content: 'a < b',
      likes: 0,
      hidden: false,
      createdAt: beijing('2023-07-01 09:00:00'),
    });
    expect(comment(5).target).toEqual({ kind: 'message', key: 'seed:message:2' });
    expect(comment(7)).toMatchObject({ target: { kind: 'talk', key: 'seed:talk:2' }, toUserKey: 'seed:user:1' });
    expect(comment(7).parentKey).toBeUndefined();
  });
});

describe('likes', () => {
  it('reads a like of each kind, a guest’s without a user, and counts those of nothing', () => {
    expect(bundle.likes).toEqual([
      {
        key: 'seed:like:1',
        target: { kind: 'article', key: 'seed:article:1' },
        userKey: 'seed:user:2',
        createdAt: beijing('2023-03-05 18:01:00'),
      },
      {
        key: 'seed:like:2',
        target: { kind: 'talk', key: 'seed:talk:1' },
        userKey: null,
        createdAt: beijing('2023-07-01 09:30:00'),
      },
      {
        key: 'seed:like:3',
        target: { kind: 'message', key: 'seed:message:1' },
        userKey: 'seed:user:1',
        createdAt: beijing('2023-08-01 21:00:00'),
      },
      {
        key: 'seed:like:4',
        target: { kind: 'comment', key: 'seed:comment:1' },
        userKey: null,
        createdAt: beijing('2023-03-05 18:30:00'),
      },
    ]);
    const likeLines = bundle.leftBehind.filter((line) => line.where.startsWith('blog_like'));
    expect(likeLines).toHaveLength(3);
    expect(likeLines.every((line) => line.where === 'blog_like（1 行）')).toBe(true);
    expect(likeLines.map((line) => line.reason)).toEqual([
      expect.stringContaining('文章'),
      expect.stringContaining('评论'),
      expect.stringContaining('类型码 9'),
    ]);
  });
});

describe('friend links', () => {
  it('gives each link the account its user_id names, by id or username, and leaves one of nobody', () => {
    expect(bundle.links).toEqual([
      {
        key: 'seed:link:1',
        userKey: 'seed:user:2',
        siteName: '小李的小站',
        siteDesc: '记录生活',
        siteAvatar: web('/links/li.png'),
        url: 'https://li.example.com',
        status: 'approved',
        createdAt: beijing('2023-09-01 10:00:00'),
      },
      expect.objectContaining({ key: 'seed:link:2', userKey: 'seed:user:1', status: 'pending' }),
      expect.objectContaining({ key: 'seed:link:4', userKey: 'seed:user:2', status: 'pending' }),
    ]);
    expect(leftAt('blog_links（id 3）')).toEqual([expect.stringMatching(/无主之站.*42.*账号/)]);
  });
});

describe('the site and what has no place here', () => {
  it('reads the settings, social links by our names, the empty ones left out', () => {
    expect(bundle.site).toEqual({
      name: '小张的博客',
      avatar: web('/avatar/site.png'),
      notice: '欢迎来到我的博客',
      motto: '生活明朗，万物可爱',
      links: {
        github: 'https://github.com/xiaozhang',
        bilibili: 'https://space.bilibili.com/1',
        qq: '10001',
        qqGroup: web('/qq-group.png'),
      },
      wechatPay: web('/pay/wechat.png'),
      views: 98765,
    });
    expect(leftAt('blog_config.avatar_bg')).toHaveLength(1);
  });

  it('lists each table we have no place for, with its row count', () => {
    expect(bundle.source).toBe('原博客数据库 online_blog');
    for (const [table, rows] of [
      ['blog_photo_album', 2],
      ['blog_photo', 3],
      ['blog_header', 1],
      ['blog_chat', 2],
      ['blog_recommend', 1],
      ['blog_notify', 2],
    ] as const)
      expect(leftAt(`${table}（${rows} 行）`), table).toHaveLength(1);
    expect(leftAt('blog_notify（2 行）')).toEqual(['通知不迁移，新站点重新开始']);
  });
});

describe('reading again and elsewhere', () => {
  it('gives the same bundle on a second read', async () => {
    expect(await readSeed(url, { imageDir })).toEqual(bundle);
  });

  it('names no file for a path when no image folder is given', async () => {
    const withoutFolder = await readSeed(url);
    expect(byKey(withoutFolder.articles, 'seed:article:1').images[1]).toEqual({
      ref: '/upload/2023/cat.png',
      from: null,
    });
    expect(byKey(withoutFolder.articles, 'seed:article:1').images[0].from).toEqual({ url: web('/images/sky.png') });
  });

  it('reads an older database without some tables and columns', async () => {
    const older = await server!.createDatabase('older_blog');
    await load(
      older,
      fixture('seedSchema.sql'),
      fixture('seedBlog.sql'),
      'DROP TABLE blog_links, blog_talk_photo, blog_chat; ALTER TABLE blog_article DROP COLUMN `order`, DROP COLUMN reading_duration',
    );
    const read = await readSeed(older);
    expect(read.source).toBe('原博客数据库 older_blog');
    expect(read.links).toEqual([]);
    expect(read.talks.every((talk) => talk.images.length === 0)).toBe(true);
    expect(byKey(read.articles, 'seed:article:1')).toMatchObject({ order: 0, readingMs: 0, pinned: true });
    const missing = read.leftBehind.filter((line) => line.reason.includes('没有这张表')).map((line) => line.where);
    expect(missing.sort()).toEqual(['blog_links', 'blog_talk_photo']);
    expect(read.leftBehind.some((line) => line.where.startsWith('blog_chat'))).toBe(false);
  });

  it('refuses a database that is not the original’s, an address of another kind, and a server not there', async () => {
    const empty = await server!.createDatabase('not_a_blog');
    await expect(readSeed(empty)).rejects.toThrow(/没有原博客的表/);
    await expect(readSeed('postgres://127.0.0.1/online_blog')).rejects.toThrow(/mysql:\/\//);
    await expect(readSeed(url.replace(/\/online_blog$/, '/'))).rejects.toThrow(/没有库名/);
    const closed = new URL(url);
    closed.port = String(server!.port === 1 ? 2 : 1);
    await expect(readSeed(closed.toString())).rejects.toThrow(/连不上原博客的数据库/);
  });
});

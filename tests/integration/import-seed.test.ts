/**
 * Moving in from the original blog, as an owner does it: `npm run import -- seed mysql://…` against
 * a private MariaDB holding a small blog of our own writing (tests/fixtures/import), first as a dry
 * run that writes nothing, then with --apply, which copies the pictures (from a folder and from a
 * web server of the test's own), writes the files and rows, and publishes once. The server then
 * serves the articles at their old ids, an old reader logs in with the old password (which is then
 * replaced by our own hash), and a second run changes nothing.
 */
import { createServer, type Server } from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMariadb, type PrivateMariadb } from '../../scripts/lib/privateMariadb';
import { sqlOn } from './databases';
import { runScript } from './scripts';
import { startServer, type RunningServer } from './serve';
import { astroCacheWithDemoImages } from '../siteCopies';

let mariadb: PrivateMariadb | undefined;
let pictures: Server;
let server: RunningServer | undefined;
let dir: string;
let sourceUrl: string;
let env: Record<string, string>;
/** The site's settings go to a copy: the project's own file is the demo's. */
let siteConfig: string;
const picturesAsked: string[] = [];

const fixture = (name: string, port: number) =>
  readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8').replaceAll(
    'PORT_PLACEHOLDER',
    String(port),
  );

const png = (colour: string) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Every file under `root`, by relative path. */
const filesUnder = (root: string) =>
  existsSync(root) ? readdirSync(root, { recursive: true, encoding: 'utf8' }).sort() : [];

const importSeed = (...args: string[]) =>
  runScript(
    'scripts/import.ts',
    ['seed', sourceUrl, '--images', join(dir, 'old-site'), '--site-config', siteConfig, ...args],
    env,
  );

const count = async (table: string) =>
  Number((await sqlOn(env.DATABASE_URL, `SELECT count(*) AS n FROM ${table}`))[0].n);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-import-seed-'));
  // The old site's pictures on the web: every address answers a picture but one, which is gone.
  const picture = await png('#3a7');
  pictures = createServer((req, res) => {
    picturesAsked.push(req.url ?? '');
    if (req.url === '/talk/c.jpg') return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(picture);
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  const port = (pictures.address() as AddressInfo).port;
  // …and in its upload folder, which the owner copied over.
  mkdirSync(join(dir, 'old-site', 'upload', '2023'), { recursive: true });
  writeFileSync(join(dir, 'old-site', 'upload', '2023', 'cat.png'), await png('#fa0'));

  mariadb = await startMariadb();
  sourceUrl = await mariadb.createDatabase('online_blog');
  const connection = await mysql.createConnection({ uri: sourceUrl, multipleStatements: true });
  await connection.query(fixture('seedSchema.sql', port));
  await connection.query(fixture('seedBlog.sql', port));
  await connection.end();

  siteConfig = join(dir, 'site.config.ts');
  cpSync('src/site.config.ts', siteConfig);
  env = {
    DATABASE_URL: `file:${join(dir, 'blog.db')}`,
    CONTENT_DIR: join(dir, 'content'),
    UPLOAD_DIR: join(dir, 'uploads'),
    DIST_DIR: join(dir, 'dist'),
    ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(dir, 'astro-cache')),
  };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await mariadb?.stop();
  await new Promise((resolve) => pictures?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it('a dry run reports what would come, what clashes and what cannot, and writes nothing', async () => {
  const { code, output } = await importSeed();
  expect(code, output).toBe(0);
  expect(output).toContain('导入来源：原博客数据库 online_blog');
  expect(output).toMatch(/将新建：文章 3 篇，说说 3 条，用户 3 个，留言 3 条，评论 \d+ 条/);
  expect(output).toContain('blog_photo_album（2 行）：本站没有相册');
  expect(output).toContain('blog_chat（2 行）');
  expect(output).toContain('这是预览，什么都没有写入');
  expect(filesUnder(env.CONTENT_DIR)).toEqual([]);
  expect(await count('users')).toBe(0);
  expect(picturesAsked).toEqual([]);
});

it('--apply brings everything over and publishes once; the old reader logs in with the old password', async () => {
  const { code, output } = await importSeed('--apply');
  expect(code, output).toBe(0);
  expect(output).toContain('已导入：文章 3 篇，说说 3 条，用户 3 个，留言 3 条');
  expect(output).toContain('已发布新的构建');
  // The pictures the text named on the web were fetched, the one gone is listed.
  expect(picturesAsked).toEqual(expect.arrayContaining(['/images/sky.png', '/images/cover.jpg', '/talk/z.jpg']));
  expect(output).toMatch(/图片 http:\/\/127\.0\.0\.1:\d+\/talk\/c\.jpg 无法下载（HTTP 404），未保留/);

  const article = readFileSync(join(env.CONTENT_DIR, 'articles', '0001-vue-3.md'), 'utf8');
  expect(article).toMatch(/!\[天空\]\(\.\/images\/[0-9a-f]{20}\.png "天空"\)/);
  expect(article).toMatch(/!\[猫\]\(\.\/images\/[0-9a-f]{20}\.png\)/);
  expect(article).toMatch(/cover: "?\.\/covers\/[0-9a-f]{20}\.png"?/);
  expect(article).toContain('pinned: true');
  expect(readFileSync(siteConfig, 'utf8')).toContain("title: '小张的博客',");

  server = await startServer(env);
  const page = await fetch(`${server.url}/article/1`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Vue 3 入门');
  const old = await fetch(`${server.url}/article?id=1`, { redirect: 'manual' });
  expect([old.status, old.headers.get('location')]).toEqual([301, '/article/1']);
  // Status 2 was private there, and is here.
  expect((await fetch(`${server.url}/article/2`)).status).toBe(404);

  const before = await sqlOn(env.DATABASE_URL, 'SELECT password_hash FROM users WHERE username = ?', ['reader']);
  expect(String(before[0].password_hash)).toMatch(/^\$2a\$10\$/);
  const login = (password: string) =>
    fetch(`${server!.url}/api/user/login`, {
      method: 'POST',
      // As the site's own pages call it: a form from another site cannot set this header.
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ username: 'reader', password }),
    }).then((res) => res.json() as Promise<{ code: number; message: string }>);
  expect((await login('wrong-password')).code).not.toBe(0);
  expect(await login('duzhe-pass-7')).toMatchObject({ code: 0 });
  const after = await sqlOn(env.DATABASE_URL, 'SELECT password_hash FROM users WHERE username = ?', ['reader']);
  expect(String(after[0].password_hash)).toMatch(/^scrypt\$/);
  expect(await login('duzhe-pass-7')).toMatchObject({ code: 0 });

  // The counters came along: the article's views and the site's total.
  const views = await sqlOn(env.DATABASE_URL, 'SELECT views FROM article_stats WHERE article_id = 1');
  expect(Number(views[0].views)).toBeGreaterThanOrEqual(120);
  const total = await sqlOn(env.DATABASE_URL, "SELECT value FROM site_stats WHERE name = 'views'");
  expect(Number(total[0].value)).toBeGreaterThanOrEqual(98765);
}, 300_000);

it('a second run brings nothing twice and changes nothing', async () => {
  const tables = ['users', 'comments', 'messages', 'likes', 'links', 'article_stats'];
  const counts = await Promise.all(tables.map(count));
  const files = filesUnder(env.CONTENT_DIR);
  const { code, output } = await importSeed('--apply', '--no-publish');
  expect(code, output).toBe(0);
  expect(output).toContain('将新建：无');
  expect(output).toContain('已导入：无');
  expect(await Promise.all(tables.map(count))).toEqual(counts);
  expect(filesUnder(env.CONTENT_DIR)).toEqual(files);
});

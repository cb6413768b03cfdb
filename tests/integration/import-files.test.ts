/**
 * Moving in from Hexo, Hugo and WordPress, and out again: the fixtures of our own writing
 * (tests/fixtures/import) imported into one site, each twice (the second run changes nothing),
 * published once; the server then answers the old addresses with a 301 to the new pages. The site
 * is then exported, the export imported into an empty site and exported again: the two exports hold
 * the same. On both engines: the import writes the database through the same layer as the site.
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRedirects } from '../../src/lib/shared/redirects';
import { hashPassword } from '../../src/server/users/password';
import { newDatabaseUrl, sqlOn } from './databases';
import { runScript } from './scripts';
import { startServer, type RunningServer } from './serve';
import { astroCacheWithDemoImages } from '../siteCopies';

const FIXTURES = 'tests/fixtures/import';

interface Site {
  env: Record<string, string>;
  siteConfig: string;
}

let dir: string;
let site: Site;
let server: RunningServer | undefined;

async function newSite(name: string): Promise<Site> {
  const root = join(dir, name);
  mkdirSync(root);
  const siteConfig = join(root, 'site.config.ts');
  cpSync('src/site.config.ts', siteConfig);
  return {
    siteConfig,
    env: {
      DATABASE_URL: await newDatabaseUrl(root),
      CONTENT_DIR: join(root, 'content'),
      UPLOAD_DIR: join(root, 'uploads'),
      DIST_DIR: join(root, 'dist'),
      ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(root, 'astro-cache')),
    },
  };
}

const importInto = ({ env, siteConfig }: Site, ...args: string[]) =>
  runScript('scripts/import.ts', [...args, '--site-config', siteConfig], env);

/** Every file under `root` with its bytes, by relative path. */
function filesOf(root: string): Record<string, string> {
  if (!existsSync(root)) return {};
  return Object.fromEntries(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .map((path) => [relative(root, path), readFileSync(path, 'latin1')] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const rows = async (url: string, table: string) =>
  Number((await sqlOn(url, `SELECT count(*) AS n FROM ${table}`))[0].n);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-import-files-'));
  site = await newSite('site');
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['Hexo', ['hexo', join(FIXTURES, 'hexo')], '文章 4 篇'],
  // One command for both: Hugo's folders are told from Hexo's by their layout.
  ['Hugo', ['hexo', join(FIXTURES, 'hugo')], '文章 3 篇'],
  [
    'WordPress',
    ['wxr', join(FIXTURES, 'wordpress', 'export.xml'), '--uploads', join(FIXTURES, 'wordpress', 'uploads')],
    '文章 4 篇，评论 3 条',
  ],
])('from %s', (_, source, created) => {
  it('imports once, and a second run changes nothing', async () => {
    const first = await importInto(site, ...source, '--apply', '--no-publish');
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`已导入：${created}`);
    const files = filesOf(site.env.CONTENT_DIR);
    const comments = await rows(site.env.DATABASE_URL, 'comments');
    const second = await importInto(site, ...source, '--apply', '--no-publish');
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain('将新建：无');
    expect(filesOf(site.env.CONTENT_DIR)).toEqual(files);
    expect(await rows(site.env.DATABASE_URL, 'comments')).toBe(comments);
  });
});

it('keeps what is not understood as text and says so, and keeps a reply under its thread', async () => {
  const hexo = readdirSync(join(site.env.CONTENT_DIR, 'articles')).find((name) =>
    readFileSync(join(site.env.CONTENT_DIR, 'articles', name), 'utf8').includes('深入理解 Node.js 事件循环'),
  );
  const article = readFileSync(join(site.env.CONTENT_DIR, 'articles', hexo!), 'utf8');
  expect(article).toContain('{% note info %}');
  expect(article).toContain('category: "后端"');
  const replies = await sqlOn(site.env.DATABASE_URL, 'SELECT count(*) AS n FROM comments WHERE parent_id IS NOT NULL');
  expect(Number(replies[0].n)).toBeGreaterThan(0);
});

it('publishes once, and the old addresses lead to the new pages', async () => {
  // An old address that is a page of ours, as an old blog's archive was: the page stays ours.
  appendFileSync(join(site.env.CONTENT_DIR, 'redirects.yaml'), '/archives/: /article/1\n');
  const published = await runScript('scripts/build.ts', [], site.env);
  expect(published.code, published.output).toBe(0);
  server = await startServer(site.env);
  const redirects = readFileSync(join(site.env.CONTENT_DIR, 'redirects.yaml'), 'utf8');
  const target = /\/2023\/05\/20\/3f2a1b: (\/article\/\d+)/.exec(redirects)?.[1];
  expect(target).toBeDefined();
  for (const old of ['/2023/05/20/3f2a1b/', '/2023/05/20/3f2a1b']) {
    const res = await fetch(`${server.url}${old}`, { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([301, target]);
  }
  const page = await fetch(`${server.url}${target}`);
  expect(await page.text()).toContain('深入理解 Node.js 事件循环');
  const wordpress = await fetch(`${server.url}/2024/05/12/rename-photos/`, { redirect: 'manual' });
  expect(wordpress.status).toBe(301);
  expect((await fetch(`${server.url}${wordpress.headers.get('location')}`)).status).toBe(200);
  const byId = await fetch(`${server.url}/?p=12`, { redirect: 'manual' });
  expect(byId.headers.get('location')).toBe(wordpress.headers.get('location'));
  expect((await fetch(`${server.url}/never/was/here`, { redirect: 'manual' })).status).toBe(404);
  expect((await fetch(`${server.url}/archives/`, { redirect: 'manual' })).headers.get('location')).toBe('/archives');
  expect((await fetch(`${server.url}/archives`, { redirect: 'manual' })).status).toBe(200);
  // A picture that could not be found leaves a broken picture, not an article the build leaves out.
  const wallpapers = readdirSync(join(site.env.CONTENT_DIR, 'articles')).find((name) =>
    readFileSync(join(site.env.CONTENT_DIR, 'articles', name), 'utf8').includes('收藏的几张壁纸'),
  );
  const id = Number(/^(\d+)/.exec(wallpapers!)?.[1]);
  expect(await (await fetch(`${server.url}/article/${id}`)).text()).toContain('收藏的几张壁纸');
}, 180_000);

it('exported, imported into an empty site and exported again, gives the same', async () => {
  // People and what they do, beside what the imports brought.
  const url = site.env.DATABASE_URL;
  await sqlOn(url, 'INSERT INTO users (username, password_hash, nick_name, role) VALUES (?, ?, ?, 2)', [
    'reader',
    await hashPassword('reader-pass-1'),
    '读者',
  ]);
  await sqlOn(url, "INSERT INTO messages (user_id, message, color, tag) VALUES (1, '你好', '#336699', '日常')");
  await sqlOn(url, "INSERT INTO likes (type, target_id, actor) VALUES ('message', 1, 'user:1')");
  await sqlOn(
    url,
    "INSERT INTO links (user_id, site_name, site_desc, url, status) VALUES (1, '小站', '说明', 'https://a.example.com', 2)",
  );
  // The owner's reply to a guest, which names the guest and the comment answered.
  const [guest] = await sqlOn(
    url,
    'SELECT id, type, for_id, guest_name FROM comments WHERE user_id IS NULL AND parent_id IS NULL ORDER BY id LIMIT 1',
  );
  await sqlOn(
    url,
    'INSERT INTO comments (type, for_id, parent_id, user_id, to_guest_name, to_comment_id, content) VALUES (?, ?, ?, 1, ?, ?, ?)',
    [guest.type, guest.for_id, guest.id, guest.guest_name, guest.id, '谢谢你的留言'],
  );

  const first = join(dir, 'export-1');
  const exported = await runScript('scripts/export.ts', [first, '--with-passwords'], site.env);
  expect(exported.code, exported.output).toBe(0);

  const empty = await newSite('empty');
  const moved = await importInto(empty, 'export', first, '--apply', '--no-publish');
  expect(moved.code, moved.output).toBe(0);
  const second = join(dir, 'export-2');
  const again = await runScript('scripts/export.ts', [second, '--with-passwords'], empty.env);
  expect(again.code, again.output).toBe(0);

  const a = filesOf(first);
  const b = filesOf(second);
  expect(Object.keys(b)).toEqual(Object.keys(a));
  // The old addresses as the server reads them: one written by hand comes back in the importer's form.
  const redirects = (files: Record<string, string>) =>
    parseRedirects(Buffer.from(files['redirects.yaml'], 'latin1').toString('utf8')).redirects;
  expect(redirects(b)).toEqual(redirects(a));
  for (const path of Object.keys(a).filter((p) => p !== 'manifest.json' && p !== 'redirects.yaml'))
    expect([path, b[path]]).toEqual([path, a[path]]);
  expect(Object.keys(a)).toEqual(expect.arrayContaining(['data/users.json', 'data/likes.json', 'redirects.yaml']));
  expect(JSON.parse(Buffer.from(a['data/comments.json'], 'latin1').toString('utf8'))).toContainEqual(
    expect.objectContaining({ to_guest_name: guest.guest_name, to_comment_id: guest.id }),
  );
}, 120_000);

it('refuses an unknown argument or source with the usage, and writes nothing', async () => {
  const empty = await newSite('refused');
  for (const args of [['hexo', join(FIXTURES, 'hexo'), '--bogus'], ['blogger', 'x'], ['hexo']]) {
    const { code, output } = await importInto(empty, ...args);
    expect([args.join(' '), code]).toEqual([args.join(' '), 2]);
    expect(output).toContain('用法：');
  }
  expect(filesOf(empty.env.CONTENT_DIR)).toEqual({});
});

/**
 * Every part an owner can switch off, switched off at once (`FEATURES_OFF=all`): a real build into
 * a folder of its own, then the server on it. Each part is gone from the links, the sitemap, the
 * pages and the API, and its islands reach no reader; the rest of the site works as before.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from './scripts';
import { startServer, type RunningServer } from './serve';
import { astroCacheWithDemoImages } from '../siteCopies';

const OFF = { FEATURES_OFF: 'all' };
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-features-off-'));
  const dist = join(dir, 'dist');
  // A cache of its own: the project's is for builds of the project, and another test may be building with it.
  const built = await runScript('scripts/build.ts', [], {
    ...OFF,
    DIST_DIR: dist,
    ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(dir, 'astro-cache')),
  });
  if (built.code !== 0) throw new Error(built.output.slice(-3000));
  server = await startServer({ ...OFF, DIST_DIR: dist });
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const SWITCHED_OFF_PAGES = [
  '/pay',
  '/pay/xxx-sd',
  '/pay/order',
  '/talk',
  '/talk/1',
  '/message/list',
  '/message/publish',
  '/link/list',
  '/link/apply',
  '/offline',
];
const switchedOff = (path: string) => /^\/(pay|talk|message|link|offline)(\/|$)/.test(path);

/** Every page reachable from / by plain links, with the links found on each. */
async function crawl(): Promise<Map<string, { status: number; links: string[]; html: string }>> {
  const pages = new Map<string, { status: number; links: string[]; html: string }>();
  let level = ['/'];
  while (level.length) {
    const next: string[] = [];
    for (const path of level) {
      const res = await fetch(`${server.url}${path}`);
      const html = res.headers.get('content-type')?.startsWith('text/html') ? await res.text() : '';
      const links = [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)]
        .map((match) => new URL(match[1].replaceAll('&amp;', '&'), `${server.url}${path}`))
        .filter((url) => url.origin === server.url)
        .map((url) => url.pathname.replace(/(.)\/$/, '$1'));
      pages.set(path, { status: res.status, links, html });
      for (const link of links)
        if (!pages.has(link) && !next.includes(link) && !/\.(xml|svg|png|jpe?g|webp|avif)$/.test(link)) next.push(link);
    }
    level = next.filter((path) => !pages.has(path)).slice(0, 400);
  }
  return pages;
}

describe('with every part switched off', () => {
  it('links to none of them from any page, and every page that is linked to exists', async () => {
    const pages = await crawl();
    expect(pages.size).toBeGreaterThan(30);
    const toSwitchedOff = [...pages].flatMap(([path, page]) =>
      page.links.filter(switchedOff).map((link) => `${path} → ${link}`),
    );
    expect(toSwitchedOff).toEqual([]);
    expect([...pages].filter(([, page]) => page.status >= 400).map(([path, page]) => `${path} ${page.status}`)).toEqual(
      [],
    );
    // Their islands reach no reader: no music player, and no comments under an article.
    const article = pages.get('/article/1')!.html;
    expect(article).toContain('<article');
    for (const [path, page] of pages) {
      expect(page.html, path).not.toMatch(/component-url="[^"]*\/Comments\.[^"]*"/);
      expect(page.html, path).not.toContain('component-export="Player"');
      // No offline reading: pages ask for no worker, and have neither the 离线 mark nor 离线保存.
      if (page.html) expect(page.html, path).toContain('data-offline="off"');
      expect(page.html, path).not.toContain('id="offline-mark"');
      expect(page.html, path).not.toContain('>离线保存<');
    }
  });

  it('serves in place of the offline worker one that empties its caches and unregisters itself', async () => {
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const code = await worker.text();
    expect(code).toContain('unregister');
    expect(code).toContain('blog-pages-v1');
    expect(code).not.toContain('respondWith');
  });

  it('builds none of their pages: each answers 404, and the sitemap lists none', async () => {
    for (const path of SWITCHED_OFF_PAGES) expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    const sitemap = readFileSync(join(dir, 'dist', 'current', 'client', 'sitemap-0.xml'), 'utf8');
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter(switchedOff)).toEqual([]);
  });

  it('answers 404 from their API, and the rest of the API as before', async () => {
    const xhr = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
    const off: [string, string][] = [
      ['GET', '/api/shop/products'],
      ['GET', '/api/license/public-key'],
      ['POST', '/api/links/getLinksList'],
      ['POST', '/api/talk/blogGetTalkList'],
      ['POST', '/api/message/getMessageList'],
      ['POST', '/api/comment/getCommentTotal'],
      ['GET', '/wapi/playlist/detail?id=1'],
      // The router matches paths case-insensitively: so must the switch.
      ['GET', '/api/SHOP/products'],
      ['POST', '/api/Message/getMessageList'],
      ['POST', '/api/Talk/blogGetTalkList'],
    ];
    for (const [method, path] of off) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: xhr,
        body: method === 'GET' ? undefined : '{}',
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // Nor can anything of theirs be liked by the generic like routes (2 talk, 3 message, 4 comment).
    for (const type of [2, 3, 4]) {
      const like = await fetch(`${server.url}/api/like/addLike`, {
        method: 'POST',
        headers: xhr,
        body: JSON.stringify({ for_id: 1, type }),
      });
      expect(like.status, `like type ${type}`).toBe(404);
      const liked = await fetch(`${server.url}/api/like/getIsLikeByIdAndType`, {
        method: 'POST',
        headers: xhr,
        body: JSON.stringify({ for_id: 1, type }),
      });
      expect(liked.status, `is-liked type ${type}`).toBe(404);
    }
    const config = await fetch(`${server.url}/api/config`, { headers: xhr });
    expect(config.status).toBe(200);
    const article = await fetch(`${server.url}/api/article/getArticleById/1`, { headers: xhr });
    expect(article.status).toBe(200);
  });
});

/**
 * Every page can be reached: a reader without JavaScript, starting at `/` and following only the
 * `<a href>` links in the served HTML, reaches every route of the sitemap within 3 clicks, and
 * no link on the site leads to a missing page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENT_NODE, parse, walkSync } from 'ultrahtml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './serve';

const MAX_CLICKS = 3;

/** One page a link leads to: its path and query, without the fragment or a trailing slash. */
const pageKey = (url: URL) => (url.pathname.replace(/(.)\/+$/, '$1') || '/') + url.search;

/** The parser leaves character references alone; these are the ones a URL can carry. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole;
    return String.fromCodePoint(ref[1].toLowerCase() === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
  });
}

interface Element {
  name: string;
  attributes: Record<string, string>;
  children: { type: number; value?: string }[];
}

function elements(markup: string, name: string): Element[] {
  const found: Element[] = [];
  walkSync(parse(markup), (node) => {
    if (node.type === ELEMENT_NODE && (node as Element).name.toLowerCase() === name) found.push(node as Element);
  });
  return found;
}

/** The routes the build lists in its sitemap, as paths. */
function sitemapRoutes(): string[] {
  const xml = readFileSync(join(process.env.DIST_DIR ?? 'dist', 'client', 'sitemap-0.xml'), 'utf8');
  return elements(xml, 'loc').map((loc) =>
    pageKey(
      new URL(
        loc.children
          .map((c) => c.value ?? '')
          .join('')
          .trim(),
      ),
    ),
  );
}

interface Visit {
  status: number;
  clicks: number;
  /** The page the link was first found on. */
  from: string;
}

let server: RunningServer;
const visits = new Map<string, Visit>();
const emptyLinks: string[] = [];

/** Breadth first over the whole site, so each page's depth is the fewest clicks to it. */
async function crawl(origin: string): Promise<void> {
  let level = [pageKey(new URL('/', origin))];
  visits.set(level[0], { status: 0, clicks: 0, from: '' });
  for (let clicks = 1; level.length > 0; clicks++) {
    const next: string[] = [];
    // A few at a time: quick, and gentle on a machine that runs other tests too.
    for (let i = 0; i < level.length; i += 6) {
      await Promise.all(
        level.slice(i, i + 6).map(async (key) => {
          const res = await fetch(new URL(key, origin));
          const visit = visits.get(key)!;
          visit.status = res.status;
          if (!res.ok || !res.headers.get('content-type')?.startsWith('text/html'))
            return void (await res.body?.cancel());
          for (const anchor of elements(await res.text(), 'a')) {
            if (!('href' in anchor.attributes)) continue;
            const href = decodeEntities(anchor.attributes.href).trim();
            if (!href) emptyLinks.push(key);
            const url = new URL(href, new URL(key, origin));
            if (url.origin !== origin) continue;
            const target = pageKey(url);
            if (visits.has(target)) continue;
            visits.set(target, { status: 0, clicks, from: key });
            next.push(target);
          }
        }),
      );
    }
    level = next;
  }
}

beforeAll(async () => {
  server = await startServer();
  await crawl(server.url);
}, 120_000);
afterAll(() => server?.stop());

describe('crawling from / through plain links', () => {
  it('finds a sizeable site, with a value on every link', () => {
    // A crawl that stopped early would make the other checks pass on nothing.
    expect(visits.size).toBeGreaterThan(sitemapRoutes().length);
    expect(emptyLinks, '没有 href 为空的链接').toEqual([]);
  });

  it(`reaches every route of the sitemap within ${MAX_CLICKS} clicks of /`, () => {
    const routes = sitemapRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const tooFar = routes
      .map((route) => ({ route: decodeURI(route), clicks: visits.get(route)?.clicks ?? Infinity }))
      .filter(({ clicks }) => clicks > MAX_CLICKS);
    expect(tooFar, `这些页面从 / 出发 ${MAX_CLICKS} 次点击内到不了`).toEqual([]);
  });

  it('reaches the pages nothing used to link to, from the header of the blog', () => {
    for (const path of ['/talk', '/resources/front', '/resources/back', '/siteList', '/pay']) {
      // One click from the landing page to any blog page, then one in that page's header.
      expect(visits.get(path), path).toMatchObject({ status: 200, clicks: 2 });
      expect(visits.get(path)!.from, path).not.toBe('/');
    }
  });

  it('follows no link to a missing page', () => {
    const broken = [...visits]
      .filter(([, visit]) => visit.status >= 400)
      .map(([path, visit]) => `${decodeURI(path)} → ${visit.status}（链接在 ${decodeURI(visit.from)}）`);
    expect(broken).toEqual([]);
    expect(visits.get('/link/list')?.status).toBe(200);
  });
});

describe('one address per page', () => {
  it('lists each page in the sitemap at its canonical address, and sends the spelling with a slash there', async () => {
    const xml = readFileSync(join(process.env.DIST_DIR ?? 'dist', 'client', 'sitemap-0.xml'), 'utf8');
    const listed = elements(xml, 'loc').map(
      (loc) =>
        new URL(
          loc.children
            .map((c) => c.value ?? '')
            .join('')
            .trim(),
        ).pathname,
    );
    const paths = [...new Set(['/article/1', '/tag', ...listed.filter((_, i) => i % 10 === 0)])];
    expect(listed).toContain('/article/1');
    for (const path of paths) {
      expect(path === '/' || !path.endsWith('/'), path).toBe(true);
      const page = await fetch(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      const canonical = elements(await page.text(), 'link').find((link) => link.attributes.rel === 'canonical');
      expect(new URL(decodeEntities(canonical!.attributes.href)).pathname, path).toBe(path);
      if (path === '/') continue;
      const slashed = await fetch(`${server.url}${path}/?from=rss`, { redirect: 'manual' });
      expect(slashed.status, `${path}/`).toBe(301);
      expect(slashed.headers.get('location')).toBe(`${path}?from=rss`);
    }
    // Never a redirect to another site.
    const sneaky = await fetch(`${server.url}//evil.example/`, { redirect: 'manual' });
    expect(sneaky.headers.get('location') ?? '/').not.toMatch(/^\/\//);
  });
});

/**
 * Covers and article images as the built site serves them: each `<img>` has its size, each raster
 * image offers AVIF or WebP in several widths, only the first cover a reader sees is fetched eagerly,
 * and the plain cover URLs given to the API, the feed and link previews answer with an image.
 */
import { ELEMENT_NODE, parse, walkSync } from 'ultrahtml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './serve';

interface Img {
  attributes: Record<string, string>;
  /** The `<source>` elements of the `<picture>` around it, if any. */
  sources: Record<string, string>[];
}

function images(html: string, within?: string): Img[] {
  const found: Img[] = [];
  walkSync(parse(html), (node, parent) => {
    if (node.type !== ELEMENT_NODE || node.name !== 'img') return;
    const picture = parent?.name === 'picture' ? parent : undefined;
    const sources = (picture?.children ?? [])
      .filter((c: { name?: string }) => c.name === 'source')
      .map((c: { attributes: Record<string, string> }) => c.attributes);
    found.push({ attributes: node.attributes, sources });
  });
  return within ? found.filter((img) => img.attributes.src?.includes(within)) : found;
}

const isSvg = (img: Img) => /\.svg$/.test(img.attributes.src ?? '');
/** The file types a srcset lists, from the URLs' extensions. */
const srcsetTypes = (srcset = '') =>
  new Set(srcset.split(',').map((entry) => /\.(\w+)\s+\d+w$/.exec(entry.trim())?.[1]));
const srcsetWidths = (srcset = '') => srcset.split(',').map((entry) => Number(/\s(\d+)w$/.exec(entry.trim())?.[1]));

let server: RunningServer;
const get = (path: string) => fetch(new URL(path, server.url));
const page = async (path: string) => (await get(path)).text();

async function expectImage(url: string, type: RegExp) {
  const res = await get(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type'), url).toMatch(type);
  expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(0);
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('images on the pages', () => {
  it('home: the first cover is fetched at once, every other one lazily', async () => {
    const covers = images(await page('/home'), '/_astro/');
    expect(covers.length).toBeGreaterThanOrEqual(5);
    const [first, ...rest] = covers;
    expect(first.attributes.loading).toBe('eager');
    expect(first.attributes.fetchpriority).toBe('high');
    for (const img of rest) {
      expect(img.attributes.loading, img.attributes.src).toBe('lazy');
      expect(img.attributes.fetchpriority, img.attributes.src).toBeUndefined();
    }
  });

  it.each(['/home', '/home/2', '/article/1', '/article/10'])(
    '%s: every image has its size, every raster image AVIF or WebP in widths for the layout',
    async (path) => {
      const all = images(await page(path));
      expect(all.length).toBeGreaterThan(0);
      for (const img of all) {
        expect(Number(img.attributes.width), img.attributes.src).toBeGreaterThan(0);
        expect(Number(img.attributes.height), img.attributes.src).toBeGreaterThan(0);
      }
      const raster = all.filter((img) => !isSvg(img));
      for (const img of raster) {
        const { srcset, sizes } = img.attributes;
        expect(srcsetTypes(srcset), img.attributes.src).toEqual(new Set(['webp']));
        expect(srcsetWidths(srcset)).toEqual(expect.arrayContaining([360, 720]));
        expect(sizes).toMatch(/max-width: 797\.98px/);
        for (const source of img.sources) expect(srcsetTypes(source.srcset)).toEqual(new Set(['avif']));
      }
    },
  );

  it('the home page shows raster covers, and the article with photos has two in its body', async () => {
    expect(
      images(await page('/home')).filter((img) => !isSvg(img) && img.sources.length > 0).length,
    ).toBeGreaterThanOrEqual(5);
    const body = images(await page('/article/10'), '/_astro/hiking-');
    expect(body).toHaveLength(2);
    for (const img of body) expect(img.attributes.loading).toBe('lazy');
  });

  it('an article cover is fetched at once; an SVG cover is served as it is, with its size', async () => {
    const [cover] = images(await page('/article/1'), '/_astro/');
    expect(cover.attributes).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
    const [svg] = images(await page('/article/2'), '/_astro/sunset');
    expect(svg.attributes).toMatchObject({ width: '1200', height: '630', loading: 'eager', fetchpriority: 'high' });
    expect(svg.attributes.srcset).toBeUndefined();
  });

  it('every file a srcset lists answers with its image type', async () => {
    const [cover] = images(await page('/article/1'), '/_astro/');
    const urls = [cover.attributes.srcset, cover.sources[0].srcset].flatMap((s) =>
      s.split(',').map((entry) => entry.trim().split(/\s+/)[0]),
    );
    for (const url of urls) await expectImage(url, /^image\/(avif|webp)$/);
  });
});

describe('plain cover URLs', () => {
  it("the API's article_cover is a 1200 px JPEG that answers", async () => {
    const { result } = await (await get('/api/article/blogHomeGetArticleList/1/10')).json();
    const covers = result.list.map((a: { article_cover: string | null }) => a.article_cover).filter(Boolean);
    expect(covers.length).toBeGreaterThanOrEqual(5);
    for (const url of covers) {
      // Absolute, on the address the request came to (docs/api.md §1.1).
      expect(url.startsWith(`${server.url}/_astro/`) && /\.jpe?g$/.test(url)).toBe(true);
      await expectImage(url, /^image\/jpeg$/);
    }
  });

  it("the API's article body points at built images, in its Markdown and its HTML", async () => {
    const { result } = await (await get('/api/article/getArticleById/10')).json();
    const markdownUrls = [...result.article_content.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1]);
    expect(markdownUrls).toHaveLength(2);
    for (const url of markdownUrls) await expectImage(url, /^image\/webp$/);
    expect(result.article_html).not.toContain('__ASTRO_IMAGE_');
    const html = images(result.article_html);
    expect(html).toHaveLength(2);
    for (const img of html) {
      expect(srcsetTypes(img.attributes.srcset)).toEqual(new Set(['webp']));
      await expectImage(img.attributes.src, /^image\/webp$/);
    }
  });

  it('link previews and the feed use an absolute URL of the built JPEG', async () => {
    const og = /<meta property="og:image" content="([^"]+)"/.exec(await page('/article/1'))?.[1] ?? '';
    expect(og).toMatch(/^https?:\/\/[^/]+\/_astro\/.+\.jpe?g$/);
    await expectImage(new URL(og).pathname, /^image\/jpeg$/);

    const feed = await page('/rss.xml');
    const media = [...feed.matchAll(/<media:content url="([^"]+)" medium="image" type="([^"]+)"/g)];
    expect(media.length).toBeGreaterThanOrEqual(5);
    for (const [, url, type] of media) {
      expect(url).toMatch(/^https?:\/\//);
      await expectImage(new URL(url).pathname, new RegExp(`^${type.replace('+', '\\+')}$`));
    }
  });
});

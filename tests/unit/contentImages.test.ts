import { describe, expect, it } from 'vitest';
import { articleBodyImages, ARTICLE_COLUMN_SIZES, IMAGE_WIDTHS } from '../../src/lib/node/imageLayout';
import { fillImageMarkers, isRelativeImage, rewriteMarkdownImages } from '../../src/lib/node/contentImages';

const urls: Record<string, string> = { './images/a.jpg': '/_astro/a.1.webp', 'images/b c.png': '/_astro/b.2.webp' };
const resolve = async (target: string) => urls[target];

describe('isRelativeImage', () => {
  it('is true only for paths resolved against the article file', () => {
    expect(isRelativeImage('./images/a.jpg')).toBe(true);
    expect(isRelativeImage('images/a.jpg')).toBe(true);
    expect(isRelativeImage('../covers/a.jpg')).toBe(true);
    expect(isRelativeImage('/img/a.svg')).toBe(false);
    expect(isRelativeImage('https://example.com/a.jpg')).toBe(false);
    expect(isRelativeImage('data:image/png;base64,AAAA')).toBe(false);
    expect(isRelativeImage('//cdn.example.com/a.jpg')).toBe(false);
  });
});

describe('rewriteMarkdownImages', () => {
  it('points known images at their URL and keeps alt text and titles', async () => {
    const markdown = '前文 ![山脊](./images/a.jpg) 中间 ![溪谷](<images/b c.png> "标题") 后文';
    expect(await rewriteMarkdownImages(markdown, resolve)).toBe(
      '前文 ![山脊](/_astro/a.1.webp) 中间 ![溪谷](/_astro/b.2.webp "标题") 后文',
    );
  });

  it('leaves links, unknown images and site paths as written', async () => {
    const markdown =
      '[链接](./images/a.jpg) ![外链](https://example.com/x.jpg) ![站内](/img/x.svg) ![没有](./images/none.jpg)';
    expect(await rewriteMarkdownImages(markdown, resolve)).toBe(markdown);
  });
});

describe('fillImageMarkers', () => {
  const marker = (props: object) => `<img __ASTRO_IMAGE_="${JSON.stringify(props).replace(/"/g, '&#x22;')}">`;

  it('replaces each placeholder with the attributes given for its properties', async () => {
    const html = `<p>${marker({ src: './images/a.jpg', alt: '山 "脊"', index: 0 })}</p>`;
    const out = await fillImageMarkers(html, async (props) => ({
      src: urls[String(props.src)],
      alt: String(props.alt),
      width: 1600,
      loading: 'lazy',
      srcset: undefined,
    }));
    expect(out).toBe('<p><img src="/_astro/a.1.webp" alt="山 &quot;脊&quot;" width="1600" loading="lazy"></p>');
  });

  it('falls back to the source path and alt text when an image is unknown, so no placeholder is left', async () => {
    const out = await fillImageMarkers(marker({ src: './x.jpg', alt: 'x', index: 0 }), async () => undefined);
    expect(out).toBe('<img src="./x.jpg" alt="x">');
  });

  it('reads placeholders escaped either way', async () => {
    const html =
      '<img __ASTRO_IMAGE_="{&quot;src&quot;:&quot;./images/a.jpg&quot;,&quot;alt&quot;:&quot;a &amp; b&quot;}">';
    expect(await fillImageMarkers(html, async (p) => ({ src: urls[String(p.src)], alt: String(p.alt) }))).toBe(
      '<img src="/_astro/a.1.webp" alt="a &amp; b">',
    );
  });
});

describe('articleBodyImages', () => {
  function visit(src: string) {
    const set: Record<string, unknown> = {};
    articleBodyImages.element.visit(
      { properties: { src } },
      { setProperty: (_node, key, value) => (set[key] = value) },
    );
    return set;
  }

  it('gives local raster images the widths and sizes of the article column', () => {
    expect(visit('./images/a.jpg')).toEqual({ widths: IMAGE_WIDTHS, sizes: ARTICLE_COLUMN_SIZES });
  });

  it('leaves SVGs, site paths and remote images alone', () => {
    expect(visit('./images/a.svg')).toEqual({});
    expect(visit('/img/a.png')).toEqual({});
    expect(visit('https://example.com/a.jpg')).toEqual({});
  });
});

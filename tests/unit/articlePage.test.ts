import { describe, expect, it } from 'vitest';
import { bodyImages, patchArticlePage, type ArticleText } from '../../src/lib/node/articlePage';
import { markdownImageTargets } from '../../src/lib/node/contentImages';

/** The shape of a built article page (src/pages/article/[id].astro), cut down to what a patch touches. */
const page = ({ updated = true, toc = true } = {}) =>
  [
    '<!DOCTYPE html><html><head><title>旧标题 - 站点</title><meta name="description" content="旧摘要"><meta property="og:title" content="旧标题"><meta property="og:description" content="旧摘要">',
    '<script>window.x = 1;</script></head><body>',
    '<div class="caption" data-c><h1 data-c>旧标题</h1><div class="banner-meta"><span data-part="words">10 字</span><span data-part="minutes">约 1 分钟</span></div></div>',
    '<article><header class="head" data-part="head" data-astro-cid-a><p class="meta" data-astro-cid-a><a class="chip">分类</a></p>',
    updated ? '<p class="muted small" data-part="updated" data-astro-cid-a>更新于 2020-01-01</p>' : '',
    '</header>',
    toc
      ? '<details class="toc inline"><summary>目录</summary><ol data-astro-cid-t><li class="depth-2" data-astro-cid-t><a href="#old" data-astro-cid-t>old</a></li></ol></details>'
      : '',
    '<div class="prose" data-part="body"><p>旧正文</p><div><p>嵌套</p></div></div><script>window.y = 2;</script></article>',
    toc
      ? '<aside><nav class="toc card"><p>目录</p><ol data-astro-cid-t><li class="depth-2" data-astro-cid-t><a href="#old" data-astro-cid-t>old</a></li></ol></nav></aside>'
      : '',
    '</body></html>',
  ].join('');

const text = (fields: Partial<ArticleText> = {}): ArticleText => ({
  fullTitle: '新 <标题> - 站点',
  title: '新 <标题>',
  description: '新的 "摘要"',
  words: '20 字',
  minutes: '约 1 分钟',
  updated: '更新于 2026-11-28',
  headings: [
    { depth: 2, slug: 'a-b', text: 'A & B' },
    { depth: 3, slug: 'c', text: 'C' },
  ],
  body: '<p>新正文</p>',
  ...fields,
});

describe('patchArticlePage', () => {
  it('replaces the title, description, counts, 更新于, both tables of contents and the body, and nothing else', () => {
    const out = patchArticlePage(page(), text())!;
    expect(out).toContain('<title>新 &lt;标题&gt; - 站点</title>');
    expect(out).toContain('<h1 data-c>新 &lt;标题&gt;</h1>');
    expect(out).toContain('<meta name="description" content="新的 &quot;摘要&quot;">');
    expect(out).toContain('<meta property="og:title" content="新 &lt;标题&gt;">');
    expect(out).toContain('<span data-part="words">20 字</span>');
    expect(out).toContain('data-part="updated" data-astro-cid-a>更新于 2026-11-28</p>');
    expect(out).toContain('<div class="prose" data-part="body"><p>新正文</p></div><script>window.y = 2;</script>');
    expect(
      out.match(
        /<li class="depth-2" data-astro-cid-t><a href="#a-b" data-astro-cid-t>A &amp; B<\/a><\/li><li class="depth-3"/g,
      ),
    ).toHaveLength(2);
    expect(out).not.toContain('旧');
    // The inline scripts, which the Content-Security-Policy allows by hash, are untouched.
    expect(out).toContain('<script>window.x = 1;</script></head>');
  });

  it('adds the 更新于 line after the chips when the page had none, and drops it when the article has none', () => {
    expect(patchArticlePage(page({ updated: false }), text())).toContain(
      '</a></p><p class="muted small" data-part="updated" data-astro-cid-a>更新于 2026-11-28</p></header>',
    );
    expect(patchArticlePage(page(), text({ updated: null }))).not.toContain('更新于');
  });

  it('writes its new markup as the build writes the page’s: with the scoped-style marks, or without them for global styles', () => {
    const unmarked = page({ updated: false }).replace(/ data-astro-cid-\w+/g, '');
    const out = patchArticlePage(unmarked, text())!;
    expect(out).toContain('</a></p><p class="muted small" data-part="updated">更新于 2026-11-28</p></header>');
    expect(
      out.match(
        /<li class="depth-2"><a href="#a-b">A &amp; B<\/a><\/li><li class="depth-3"><a href="#c">C<\/a><\/li>/g,
      ),
    ).toHaveLength(2);
  });

  it('gives null for a change a patch cannot show: a table of contents appearing or vanishing, or a page without its marks', () => {
    expect(patchArticlePage(page({ toc: false }), text())).toBeNull();
    expect(patchArticlePage(page(), text({ headings: [] }))).toBeNull();
    expect(patchArticlePage(page().replace('data-part="body"', ''), text())).toBeNull();
    expect(patchArticlePage(page({ toc: false }), text({ headings: [] }))).not.toBeNull();
  });
});

describe('the body images of a built page', () => {
  it('are the body’s <img> attributes in order, matching the Markdown’s images in order', () => {
    const built = page().replace(
      '<p>旧正文</p>',
      '<p><img alt="甲" src="/_astro/a.webp" srcset="/_astro/a-360.webp 360w" width="800"></p><p><img alt="乙" src="/_astro/b.svg"></p>',
    );
    expect(bodyImages(built)).toEqual([
      { alt: '甲', src: '/_astro/a.webp', srcset: '/_astro/a-360.webp 360w', width: '800' },
      { alt: '乙', src: '/_astro/b.svg' },
    ]);
    expect(markdownImageTargets('![甲](./images/a.jpg)\n\n文字 ![乙](<./images/b c.svg> "标题")')).toEqual([
      './images/a.jpg',
      './images/b c.svg',
    ]);
    expect(bodyImages(page().replace('data-part="body"', ''))).toBeNull();
  });
});

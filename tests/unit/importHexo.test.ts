import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Bundle, ImportedArticle } from '../../src/server/import/bundle';
import { readHexo } from '../../src/server/import/sources/hexo';
import { readCategories, readPinned, splitPost } from '../../src/server/import/sources/hexoFrontMatter';
import { fillPattern } from '../../src/server/import/sources/hexoPaths';
import { findMarkdownImages } from '../../src/server/import/sources/markdownImages';
import { normalizeOldPath } from '../../src/server/import/sources/oldPath';
import { parseImportDate } from '../../src/server/import/sources/tidy';

const fixtures = fileURLToPath(new URL('../fixtures/import/', import.meta.url));
const hexoRoot = path.join(fixtures, 'hexo');
const hugoRoot = path.join(fixtures, 'hugo');

const article = (bundle: Bundle, key: string): ImportedArticle => {
  const found = bundle.articles.find((a) => a.key === key);
  if (!found) throw new Error(`没有 ${key}：${bundle.articles.map((a) => a.key).join(', ')}`);
  return found;
};
const reasonsFor = (bundle: Bundle, where: string) =>
  bundle.leftBehind.filter((l) => l.where === where).map((l) => l.reason);

describe('a Hexo site read from its root', async () => {
  const bundle = await readHexo(hexoRoot);

  it('brings every readable post and the draft, and reports the broken file with the parser’s words', () => {
    expect(bundle.source).toBe(`Hexo 站点 ${hexoRoot}`);
    expect(bundle.articles.map((a) => a.key).sort()).toEqual(
      ['hexo:2022/old-notes.md', 'hexo:_drafts/todo.md', 'hexo:node-event-loop.md', 'hexo:wallpapers.md'].sort(),
    );
    const broken = reasonsFor(bundle, 'source/_posts/broken.md');
    expect(broken).toHaveLength(1);
    let yamlMessage = '';
    try {
      parseYaml('title: [这一行的方括号没有闭合\ndate: 2023-03-01 10:00:00\ntags: 坏掉的');
    } catch (error) {
      yamlMessage = (error as Error).message.split('\n')[0];
    }
    expect(yamlMessage).not.toBe('');
    expect(broken[0]).toMatch(/^无法解析，未导入：/);
    expect(broken[0]).toContain(yamlMessage);
  });

  it('maps the front matter field by field, dates on Beijing time', () => {
    const post = article(bundle, 'hexo:node-event-loop.md');
    expect(post.title).toBe('深入理解 Node.js 事件循环');
    expect(post.date.toISOString()).toBe(new Date('2023-05-20T14:30:00+08:00').toISOString());
    expect(post.updated?.toISOString()).toBe(new Date('2023-06-01T09:05:00+08:00').toISOString());
    expect(post.description).toBe('从一段 setTimeout 和 Promise 混用的代码说起，弄清楚事件循环的六个阶段。');
    expect(post.tags).toEqual(['Node.js', '异步', '事件循环']);
    expect(post.pinned).toBe(true);
    expect(post.order).toBe(-1);
    expect(post.draft).toBe(false);
    expect(post.private).toBe(false);
    expect(post.type).toBe('original');
    expect([post.views, post.likes, post.readingMs]).toEqual([0, 0, 0]);
    expect(post.id).toBeUndefined();
  });

  it('takes the first category of a nested list and says what it left', () => {
    const post = article(bundle, 'hexo:node-event-loop.md');
    expect(post.category).toBe('后端');
    expect(reasonsFor(bundle, 'source/_posts/node-event-loop.md')).toContain(
      '原有多个或分层的分类（后端 > Node.js），只保留了「后端」',
    );
  });

  it('rebuilds the old address from _config.yml’s permalink and the abbrlink', () => {
    expect(article(bundle, 'hexo:node-event-loop.md').oldPaths).toEqual(['/2023/05/20/3f2a1b']);
    expect(article(bundle, 'hexo:2022/old-notes.md').oldPaths).toEqual(['/archives/old-notes']);
    // No abbrlink for the pattern: no address invented, and the owner is told.
    expect(article(bundle, 'hexo:wallpapers.md').oldPaths).toEqual([]);
    expect(reasonsFor(bundle, 'source/_posts/wallpapers.md').join('\n')).toContain(':abbrlink');
  });

  it('keeps tag plugins as text and names each once; code blocks are not searched', () => {
    const post = article(bundle, 'hexo:node-event-loop.md');
    expect(post.body).toContain('{% note info %}\n本文基于 Node.js 20');
    expect(post.body).toContain('{% endnote %}');
    expect(post.body).toContain('<!-- more -->');
    const reasons = reasonsFor(bundle, 'source/_posts/node-event-loop.md');
    expect(reasons).toContain('Hexo 标签插件 {% note %} 原样保留为文字');
    expect(reasons).toContain('Hexo 标签插件 {% blockquote %} 原样保留为文字');
    expect(reasons.filter((r) => r.startsWith('Hexo 标签插件'))).toHaveLength(2);
  });

  it('finds pictures beside the post, in its asset folder and under source/, as files that exist', () => {
    const post = article(bundle, 'hexo:node-event-loop.md');
    const asset = path.join(hexoRoot, 'source/_posts/node-event-loop/pic.png');
    expect(post.images).toEqual([
      { ref: 'pic.png', from: { file: asset } },
      { ref: '/images/arch.png', from: { file: path.join(hexoRoot, 'source/images/arch.png') } },
      { ref: 'node-event-loop/pic.png', from: { file: asset } },
    ]);
    for (const image of post.images) expect(existsSync((image.from as { file: string }).file)).toBe(true);
  });

  it('keeps remote pictures as addresses, and refuses a path out of the site', () => {
    const post = article(bundle, 'hexo:wallpapers.md');
    expect(post.date.toISOString()).toBe(new Date('2024-01-02T08:05:00+08:00').toISOString());
    expect(post.category).toBe('生活');
    expect(post.tags).toEqual(['壁纸']);
    expect(post.images).toEqual([
      { ref: 'https://img.example.com/wall/snow.jpg', from: { url: 'https://img.example.com/wall/snow.jpg' } },
      { ref: 'https://img.example.com/wall/lake.jpg', from: { url: 'https://img.example.com/wall/lake.jpg' } },
      { ref: 'missing.png', from: null },
      { ref: '../../../../../../etc/passwd', from: null },
    ]);
    expect(reasonsFor(bundle, 'source/_posts/wallpapers.md')).toContain(
      '图片路径 ../../../../../../etc/passwd 指向站点文件夹之外，未读取',
    );
  });

  it('fills what our articles require: a title from the file name, a category and a tag', () => {
    const post = article(bundle, 'hexo:2022/old-notes.md');
    expect(post.title).toBe('old-notes');
    expect(post.category).toBe('未分类');
    expect(post.tags).toEqual(['未分类']);
    expect(post.date.toISOString()).toBe(new Date('2022-12-31T23:30:00+08:00').toISOString());
    expect(reasonsFor(bundle, 'source/_posts/2022/old-notes.md')).toContain('没有标题，以文件名「old-notes」作标题');
  });

  it('reads source/_drafts as drafts, with no old address', () => {
    const draft = article(bundle, 'hexo:_drafts/todo.md');
    expect(draft.draft).toBe(true);
    expect(draft.oldPaths).toEqual([]);
    expect(draft.category).toBe('随笔');
    expect(draft.tags).toEqual(['读书']);
  });
});

describe('a Hexo posts folder given alone', () => {
  it('reads the posts but not the drafts, and still finds the site’s permalink', async () => {
    const bundle = await readHexo(path.join(hexoRoot, 'source/_posts'));
    expect(bundle.articles.map((a) => a.key)).not.toContain('hexo:_drafts/todo.md');
    expect(article(bundle, 'hexo:node-event-loop.md').oldPaths).toEqual(['/2023/05/20/3f2a1b']);
  });
});

describe('a Hugo site', async () => {
  const bundle = await readHexo(hugoRoot);

  it('reads page bundles and single files, not list pages or a bundle’s other files', () => {
    expect(bundle.source).toBe(`Hugo 站点 ${hugoRoot}`);
    expect(bundle.articles.map((a) => a.key).sort()).toEqual(
      ['hugo:draft-idea.md', 'hugo:first-trip/index.md', 'hugo:hello-toml.md'].sort(),
    );
  });

  it('maps a page bundle: pictures and cover beside it, summary, lastmod, first of several categories', () => {
    const post = article(bundle, 'hugo:first-trip/index.md');
    const photo = path.join(hugoRoot, 'content/posts/first-trip/images/photo.png');
    expect(post.title).toBe('第一次自驾去大理');
    expect(post.date.toISOString()).toBe('2024-03-10T01:00:00.000Z');
    expect(post.updated?.toISOString()).toBe(new Date('2024-03-12T00:00:00+08:00').toISOString());
    expect(post.description).toBe('从昆明出发，沿着杭瑞高速开到大理，一路上的见闻。');
    expect(post.category).toBe('旅行');
    expect(post.tags).toEqual(['自驾', '云南']);
    expect(post.images).toEqual([{ ref: 'images/photo.png', from: { file: photo } }]);
    expect(post.cover).toEqual({ ref: 'images/photo.png', from: { file: photo } });
    expect(post.oldPaths).toEqual(['/posts/first-trip']);
    expect(reasonsFor(bundle, 'content/posts/first-trip/index.md')).toContain(
      '原有多个或分层的分类（旅行；生活），只保留了「旅行」',
    );
  });

  it('reads TOML front matter: a local date on Beijing time, slug and aliases as old addresses', () => {
    const post = article(bundle, 'hugo:hello-toml.md');
    expect(post.title).toBe('用 TOML 写 front matter');
    expect(post.date.toISOString()).toBe(new Date('2024-04-01T20:00:00+08:00').toISOString());
    expect(post.updated?.toISOString()).toBe('2024-04-02T08:00:00.000Z');
    expect(post.category).toBe('建站');
    expect(post.tags).toEqual(['Hugo']);
    expect(post.oldPaths).toEqual(['/posts/hello-toml', '/old/hello', '/posts/legacy-hello']);
    expect(post.images).toEqual([{ ref: '/img/logo.png', from: { file: path.join(hugoRoot, 'static/img/logo.png') } }]);
    expect(post.body).toContain('{{< figure src="/img/logo.png" title="站点标志" >}}');
    expect(reasonsFor(bundle, 'content/posts/hello-toml.md')).toContain('Hugo 短代码 {{< figure >}} 原样保留为文字');
  });

  it('takes `draft: true` as a draft with no address, and an `image` field as the cover', () => {
    const post = article(bundle, 'hugo:draft-idea.md');
    expect(post.draft).toBe(true);
    expect(post.oldPaths).toEqual([]);
    expect(post.cover).toEqual({
      ref: 'https://cdn.example.com/covers/comments.png',
      from: { url: 'https://cdn.example.com/covers/comments.png' },
    });
  });
});

describe('a picture that leads out of the site through a link', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const dir of made) await rm(dir, { recursive: true, force: true });
  });

  it('is refused even though its name looks local', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'import-outside-'));
    const site = await mkdtemp(path.join(tmpdir(), 'import-site-'));
    made.push(outside, site);
    await writeFile(path.join(outside, 'secret.png'), 'not yours');
    await mkdir(path.join(site, 'source/_posts'), { recursive: true });
    await symlink(path.join(outside, 'secret.png'), path.join(site, 'source/_posts/link.png'));
    await writeFile(
      path.join(site, 'source/_posts/a.md'),
      '---\ntitle: 链接\ndate: 2024-01-01\npublished: false\n---\n\n![](link.png)\n',
    );
    const bundle = await readHexo(site);
    const post = article(bundle, 'hexo:a.md');
    expect(post.images).toEqual([{ ref: 'link.png', from: null }]);
    expect(post.draft).toBe(true);
    expect(reasonsFor(bundle, 'source/_posts/a.md')).toContain('图片路径 link.png 指向站点文件夹之外，未读取');
  });

  it('a folder that does not exist is an error, in Chinese', async () => {
    await expect(readHexo(path.join(fixtures, 'no-such-folder'))).rejects.toThrow(/找不到文件夹/);
  });
});

describe('the pieces', () => {
  it('finds pictures as the site’s Markdown parser sees them', () => {
    const markdown = [
      '![a](./a.png "标题") ![b][pic] [not an image][doc]',
      '',
      '<p><img src="x&amp;y.png" alt=""></p>',
      '',
      '```',
      '![in code](code.png)',
      '```',
      '',
      '`![inline](inline.png)` ![inline data](data:image/png;base64,AAAA)',
      '',
      '[pic]: <my pic.png>',
      '[doc]: ./file.pdf',
    ].join('\n');
    expect(findMarkdownImages(markdown)).toEqual([
      { ref: './a.png', target: './a.png' },
      { ref: 'my pic.png', target: 'my pic.png' },
      { ref: 'x&amp;y.png', target: 'x&y.png' },
    ]);
  });

  it('normalises old addresses to one form', () => {
    expect(normalizeOldPath('2023/05/20/foo/')).toBe('/2023/05/20/foo');
    expect(normalizeOldPath('https://old.example.com/a/b/index.html?x=1#top')).toBe('/a/b');
    expect(normalizeOldPath('/2024/%E5%B9%B4%E4%B8%AD/')).toBe('/2024/年中');
    expect(normalizeOldPath('/a%2Fb/')).toBe('/a%2Fb');
    expect(normalizeOldPath('/')).toBeNull();
    expect(normalizeOldPath('old', '/posts/')).toBe('/posts/old');
  });

  it('fills permalink patterns, and names the token a post lacks', () => {
    expect(fillPattern(':year/:month/:day/:title/', { year: '2023', month: '05', day: '09', title: 'a/b' })).toBe(
      '2023/05/09/a/b/',
    );
    expect(fillPattern('posts/:abbrlink.html', {})).toEqual({ missing: 'abbrlink' });
  });

  it('reads the dates Hexo and Hugo write', () => {
    expect(parseImportDate('2023-05-20 14:30:00')?.toISOString()).toBe('2023-05-20T06:30:00.000Z');
    expect(parseImportDate('2023/5/2 8:05')?.toISOString()).toBe('2023-05-02T00:05:00.000Z');
    expect(parseImportDate('2024-03-10T09:00:00+09:00')?.toISOString()).toBe('2024-03-10T00:00:00.000Z');
    expect(parseImportDate('2024-03-10T09:00:00Z')?.toISOString()).toBe('2024-03-10T09:00:00.000Z');
    expect(parseImportDate('2024-13-01')).toBeNull();
    expect(parseImportDate('昨天')).toBeNull();
  });

  it('reads Hexo’s front matter with no opening ---, and category shapes', () => {
    expect(splitPost('title: 旧格式\ndate: 2020-01-01\n---\n正文\n---\n尾')).toEqual({
      frontMatter: { title: '旧格式', date: '2020-01-01' },
      body: '正文\n---\n尾',
    });
    expect(splitPost('正文\n---\n更多')).toEqual({ frontMatter: {}, body: '正文\n---\n更多' });
    expect(readCategories('随笔', 'hexo')).toEqual({ first: '随笔', path: ['随笔'], dropped: null });
    expect(readCategories(['后端', 'Node.js'], 'hexo')).toEqual({
      first: '后端',
      path: ['后端', 'Node.js'],
      dropped: '后端 > Node.js',
    });
    expect(readCategories([['后端', 'Node.js'], '随笔'], 'hexo').dropped).toBe('后端 > Node.js；随笔');
    expect(readCategories(['a', 'b'], 'hugo')).toEqual({ first: 'a', path: ['a'], dropped: 'a；b' });
    expect(readPinned({ sticky: 100 })).toEqual({ pinned: true, order: -100 });
    expect(readPinned({ top: true })).toEqual({ pinned: true, order: 0 });
    expect(readPinned({ top: 0 })).toEqual({ pinned: false, order: 0 });
  });
});

describe("Hexo's asset_img", () => {
  it('becomes the Markdown picture it draws, with its file from the post’s asset folder', async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'hexo-asset-'));
    try {
      const posts = path.join(site, 'source', '_posts');
      await mkdir(path.join(posts, 'trip'), { recursive: true });
      await writeFile(path.join(posts, 'trip', 'lake.png'), 'not read here');
      await writeFile(
        path.join(posts, 'trip.md'),
        '---\ntitle: 旅行\ndate: 2024-03-01 10:00:00\ntags: 生活\n---\n\n湖边 {% asset_img lake.png "傍晚的湖" %} 很美。\n',
      );
      const [trip] = (await readHexo(site)).articles;
      expect(trip.body).toContain('湖边 ![傍晚的湖](lake.png) 很美。');
      expect(trip.images).toEqual([{ ref: 'lake.png', from: { file: path.join(posts, 'trip', 'lake.png') } }]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});

import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Bundle, ImportedArticle } from '../../src/server/import/bundle';
import { readWxr } from '../../src/server/import/sources/wxr';
import { addParagraphs, htmlToText, postToMarkdown } from '../../src/server/import/sources/wxrHtml';

const folder = fileURLToPath(new URL('../fixtures/import/wordpress/', import.meta.url));
const exportFile = path.join(folder, 'export.xml');
const uploadsDir = path.join(folder, 'uploads');
const photo = path.join(uploadsDir, '2024/05/photo.png');
const photoUrl = 'https://qing.example.com/wp-content/uploads/2024/05/photo.png';

const article = (bundle: Bundle, key: string): ImportedArticle => {
  const found = bundle.articles.find((a) => a.key === key);
  if (!found) throw new Error(`没有 ${key}：${bundle.articles.map((a) => a.key).join(', ')}`);
  return found;
};
const beijing = (wall: string) => new Date(`${wall.replace(' ', 'T')}+08:00`).toISOString();

describe('a WordPress export', async () => {
  const bundle = await readWxr(exportFile, { uploadsDir });
  const reasons = (where: string) => bundle.leftBehind.filter((l) => l.where === where).map((l) => l.reason);

  it('takes the site’s name and motto, and reports the authors once', () => {
    expect(bundle.source).toBe(`WordPress 导出文件 ${exportFile}`);
    expect(bundle.site).toEqual({ name: '阿青的小站', motto: '写代码，也写生活' });
    expect(reasons('WordPress 作者')).toEqual(['作者账号不迁移，文章归站长：阿青（aqing）、小雨（xiaoyu）']);
    expect(bundle.users).toEqual([]);
  });

  it('brings the posts but not the trashed one or the page, and says so', () => {
    expect(bundle.articles.map((a) => a.key)).toEqual(['wxr:post:12', 'wxr:post:15', 'wxr:post:18', 'wxr:post:25']);
    expect(reasons('文章「删掉的测试文章」（ID 30）')).toEqual(['在回收站里，未导入']);
    expect(reasons('页面「关于我」（ID 2）')).toEqual(['页面没有对应的位置，未导入']);
  });

  it('maps a published post field by field', () => {
    const post = article(bundle, 'wxr:post:12');
    expect(post.title).toBe('用 Python 批量重命名照片');
    expect(post.date.toISOString()).toBe(beijing('2024-05-12 10:30:00'));
    expect(post.updated?.toISOString()).toBe(beijing('2024-05-20 18:00:00'));
    expect(post.description).toBe('一个二十行的 Python 脚本，按拍摄日期给照片改名。');
    expect(post.category).toBe('技术');
    expect(post.tags).toEqual(['Python', '小技巧']);
    expect(post.pinned).toBe(true);
    expect([post.draft, post.private]).toEqual([false, false]);
    expect(post.type).toBe('original');
    expect(post.oldPaths).toEqual(['/2024/05/12/rename-photos', '/?p=12']);
    expect(reasons('文章「用 Python 批量重命名照片」（ID 12）')).toContain(
      '原有多个分类（技术、生活），只保留了「技术」',
    );
  });

  it('turns the content into Markdown: fenced code, Markdown pictures, no block comments', () => {
    const { body } = article(bundle, 'wxr:post:12');
    expect(body).toContain(
      "```python\nfrom pathlib import Path\n\nfor p in Path('.').glob('*.jpg'):\n    if p.stat().st_size > 0:\n        print(p.name)\n```",
    );
    expect(body).toContain(`![整理前的相册](${photoUrl})`);
    expect(body).toContain('![横幅](https://cdn.example.net/banner.jpg)');
    expect(body).toContain('`IMG_1234.jpg`');
    expect(body).not.toContain('<!-- wp:');
    expect(body).not.toContain('<figure');
  });

  it('takes pictures of the site’s uploads from the uploads folder, others from the web, and the featured image as cover', () => {
    const post = article(bundle, 'wxr:post:12');
    expect(post.images).toEqual([
      { ref: photoUrl, from: { file: photo } },
      { ref: 'https://cdn.example.net/banner.jpg', from: { url: 'https://cdn.example.net/banner.jpg' } },
    ]);
    expect(existsSync(photo)).toBe(true);
    expect(post.cover).toEqual({ ref: photoUrl, from: { file: photo } });
  });

  it('maps a draft, with the classic editor’s line breaks made paragraphs, and no old address', () => {
    const post = article(bundle, 'wxr:post:15');
    expect(post.draft).toBe(true);
    expect(post.private).toBe(false);
    expect(post.oldPaths).toEqual([]);
    expect(post.date.toISOString()).toBe(beijing('2024-05-25 22:10:00'));
    expect(post.category).toBe('生活');
    expect(post.tags).toEqual(['未分类']);
    expect(post.body).toMatch(/^还没想好去哪里。\n\n可能是成都，也可能是西安。 {2}\n先把假期定下来。$/);
  });

  it('maps a private post, its address decoded', () => {
    const post = article(bundle, 'wxr:post:18');
    expect(post.private).toBe(true);
    expect(post.draft).toBe(false);
    expect(post.category).toBe('未分类');
    expect(post.oldPaths).toEqual(['/2024/06/01/年中总结', '/?p=18']);
    expect(post.body).toBe('## 上半年\n\n- 换了工作\n- 学会了游泳');
  });

  it('maps a scheduled post as public at its future date; a caption stays, a gallery is reported', () => {
    const post = article(bundle, 'wxr:post:25');
    expect([post.draft, post.private]).toEqual([false, false]);
    expect(post.date.toISOString()).toBe(beijing('2030-01-01 09:00:00'));
    expect(post.updated).toBeUndefined();
    expect(post.body).not.toContain('caption');
    expect(post.body).toContain('![缩略图](/wp-content/uploads/2024/05/photo-300x200.png) 去年拍的');
    // The resized copy is not in the uploads folder: its original is.
    expect(post.images).toEqual([{ ref: '/wp-content/uploads/2024/05/photo-300x200.png', from: { file: photo } }]);
    expect(reasons('文章「新年第一篇（定时发布）」（ID 25）')).toEqual(['WordPress 短代码 [gallery] 原样保留为文字']);
  });

  it('brings approved comments as guests’ text, threads folded to their root', () => {
    expect(bundle.comments.map((c) => c.key)).toEqual(['wxr:comment:101', 'wxr:comment:102', 'wxr:comment:103']);
    const [first, answer, deeper] = bundle.comments;
    expect(first.parentKey).toBeUndefined();
    expect(answer.parentKey).toBe('wxr:comment:101');
    // 103 answered 102, which answered 101: ours are two levels.
    expect(deeper.parentKey).toBe('wxr:comment:101');
    for (const comment of bundle.comments) {
      expect(comment.target).toEqual({ kind: 'article', key: 'wxr:post:12' });
      expect(comment.hidden).toBe(false);
    }
    expect(first.author).toEqual({
      guestName: '路人甲',
      guestEmail: 'jia@example.org',
      guestSite: 'https://jia.example.org',
    });
    expect(answer.author).toEqual({
      guestName: '阿青',
      guestEmail: 'aqing@example.com',
      guestSite: 'https://qing.example.com',
    });
    expect(first.content).toBe('很实用！收藏了。\n第二行 & 符号。');
    expect(answer.content).toBe('谢谢，更多工具（https://qing.example.com/tools）在这里。');
    expect(first.createdAt.toISOString()).toBe(beijing('2024-05-13 09:00:00'));
  });

  it('leaves out unapproved and spam comments, counted in one line', () => {
    expect(reasons('文章「用 Python 批量重命名照片」（ID 12）')).toContain('评论未导入：未审核 1 条、垃圾评论 1 条');
  });
});

describe('a WordPress export without an uploads folder', () => {
  it('takes every picture from the web, a path alone on the old site’s address', async () => {
    const bundle = await readWxr(exportFile, {});
    expect(article(bundle, 'wxr:post:12').images[0]).toEqual({ ref: photoUrl, from: { url: photoUrl } });
    expect(article(bundle, 'wxr:post:25').images).toEqual([
      {
        ref: '/wp-content/uploads/2024/05/photo-300x200.png',
        from: { url: 'https://qing.example.com/wp-content/uploads/2024/05/photo-300x200.png' },
      },
    ]);
  });
});

describe('a file that is no WordPress export', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const dir of made) await rm(dir, { recursive: true, force: true });
  });

  it('is refused with a reason in Chinese', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'import-wxr-'));
    made.push(dir);
    await writeFile(path.join(dir, 'broken.xml'), '<rss><channel><item></channel></rss>');
    await writeFile(path.join(dir, 'other.xml'), '<?xml version="1.0"?><feed><entry/></feed>');
    await expect(readWxr(path.join(dir, 'broken.xml'), {})).rejects.toThrow(/不是有效的 XML/);
    await expect(readWxr(path.join(dir, 'other.xml'), {})).rejects.toThrow(/找不到 <rss><channel>/);
    await expect(readWxr(exportFile, { uploadsDir: path.join(dir, 'nothing') })).rejects.toThrow(/找不到上传文件夹/);
  });
});

describe('WordPress HTML', () => {
  it('adds paragraphs as wpautop does, leaving <pre> as it was', () => {
    expect(addParagraphs('一\n二\n\n三<pre>a\n\nb</pre>')).toBe('<p>一<br />\n二</p>\n<p>三</p>\n<pre>a\n\nb</pre>');
  });

  it('fences a bare <pre> with the language SyntaxHighlighter names', () => {
    expect(postToMarkdown('<pre class="brush: php; title: ;">echo 1 &lt; 2;\n</pre>')).toBe('```php\necho 1 < 2;\n```');
  });

  it('drops scripts, and turns a player into a link to what it played', () => {
    expect(
      postToMarkdown('<p>看<script>alert(1)</script></p><iframe src="https://player.example.com/v/1"></iframe>'),
    ).toBe('看\n\n[嵌入的内容](https://player.example.com/v/1)');
    expect(
      postToMarkdown('<video controls><source src="/a.mp4"></video><iframe src="javascript:alert(1)"></iframe>'),
    ).toBe('[嵌入的内容](/a.mp4)');
  });

  it('makes plain text of a comment: no tags, no Markdown escapes', () => {
    expect(htmlToText('<p>用 <em>*星号*</em> 和 <code>a_b</code></p><img src="x.png" alt="[图]">')).toBe(
      '用 *星号* 和 a_b\n\n[图]',
    );
  });
});

describe('a post about HTML', () => {
  it('keeps the markup it shows as text, and code as code', () => {
    const markdown = postToMarkdown('<p>写 &lt;script&gt; 和 &amp;nbsp; 都要转义</p><p><code>&lt;b&gt;</code></p>');
    expect(markdown).toContain('写 &lt;script> 和 &amp;nbsp; 都要转义');
    expect(markdown).not.toContain('<script>');
    expect(markdown).toContain('`<b>`');
  });
});

/**
 * The addresses and folders of the pages named by a tag or a category (src/lib/shared/namePaths.ts),
 * and the rule for names the content schema keeps (src/lib/shared/contentSchema.ts).
 */
import { describe, expect, it } from 'vitest';
import { taxonomyName } from '../../src/contract/articleFields';
import { articleFrontmatter } from '../../src/lib/shared/contentSchema';
import { folderOf, folderPath, nameOfFolder, namePath, publicPagePath } from '../../src/lib/shared/namePaths';

const ODD = [
  'C#',
  'C++',
  '../x',
  '<script>',
  'a"b',
  '🐟',
  '100%',
  '测试/分类',
  '.NET',
  'Node.js',
  'a?b',
  'a b',
  '~',
  '%2F',
  'index.html',
  '...',
  "it's (ok)!*",
  '👨‍👩‍👧',
];
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).filter(
  (c) => c.trim() && c !== '.',
);

describe('namePath', () => {
  it('is the name percent-encoded into one segment, as links always were', () => {
    expect(namePath('tag', 'C#')).toBe('/tag/C%23');
    expect(namePath('tag', '../x')).toBe('/tag/..%2Fx');
    expect(namePath('category', '测试/分类')).toBe('/category/%E6%B5%8B%E8%AF%95%2F%E5%88%86%E7%B1%BB');
    expect(namePath('tag', '100%')).toBe('/tag/100%25');
    // The ones that worked before keep their address.
    expect(namePath('tag', 'Node.js')).toBe('/tag/Node.js');
    expect(namePath('tag', '工具链')).toBe(`/tag/${encodeURIComponent('工具链')}`);
    for (const name of ODD) expect(namePath('tag', name).split('/')).toHaveLength(3);
  });
});

describe('folderOf', () => {
  it('writes each byte outside [A-Za-z0-9_-] as ~XX', () => {
    expect(folderOf('C#')).toBe('C~23');
    expect(folderOf('Node.js')).toBe('Node~2Ejs');
    expect(folderOf('../x')).toBe('~2E~2E~2Fx');
    expect(folderOf('100%')).toBe('100~25');
    expect(folderOf('~')).toBe('~7E');
    expect(folderOf('tag')).toBe('tag');
    expect(folderOf('a-b_1')).toBe('a-b_1');
  });

  it('gives a safe file name: no dot, slash or percent, never hidden, within 255 bytes for the longest name allowed', () => {
    for (const name of [...ODD, ...PRINTABLE, '测'.repeat(20), '🐟'.repeat(10), '\uFFFF'.repeat(20)]) {
      const folder = folderOf(name);
      expect(folder, name).toMatch(/^[\w~-]+$/);
      expect(Buffer.byteLength(folder), name).toBeLessThanOrEqual(255);
    }
    expect(taxonomyName('标签').safeParse('测'.repeat(21)).success).toBe(false);
  });

  it('gives every name a folder of its own', () => {
    const names = [...ODD, ...PRINTABLE, 'c#', 'C~23', 'C%23', '%7E'];
    expect(new Set(names.map(folderOf)).size).toBe(new Set(names).size);
  });

  it('is left as it is by decodeURI, which Astro applies to a page path before matching its parameter', () => {
    for (const name of [...ODD, ...PRINTABLE]) expect(decodeURI(folderOf(name)), name).toBe(folderOf(name));
  });

  it('refuses text that is not well formed', () => {
    expect(() => folderOf('\uD800')).toThrow();
  });
});

describe('nameOfFolder', () => {
  it('reads a folder back to its name', () => {
    for (const name of [...ODD, ...PRINTABLE]) expect(nameOfFolder(folderOf(name)), name).toBe(name);
  });

  it('reads nothing from a folder folderOf would not make', () => {
    for (const folder of ['C~2', 'C~2b', 'Node.js', 'a%20b', '~ZZ', '~E6', 'a~41'])
      expect(nameOfFolder(folder), folder).toBeNull();
  });
});

describe('folderPath', () => {
  it('finds a name’s folder from any spelling of its address', () => {
    for (const name of ODD) expect(folderPath(namePath('tag', name)), name).toBe(`/tag/${folderOf(name)}`);
    expect(folderPath('/tag/C%2b%2B')).toBe('/tag/C~2B~2B');
    expect(folderPath('/tag/C++')).toBe('/tag/C~2B~2B');
    expect(folderPath('/tag/工具链')).toBe(folderPath(namePath('tag', '工具链')));
    expect(folderPath('/article/1')).toBe('/article/1');
  });

  it('cannot climb out of its folder: dot segments become folder names', () => {
    expect(folderPath('/tag/%2E%2E/%2E%2E/etc')).toBe('/tag/~2E~2E/~2E~2E/etc');
    expect(folderPath('/.git/config')).toBe('/~2Egit/config');
  });

  it('is null for escapes that do not decode, or decode to broken text', () => {
    expect(folderPath('/tag/%')).toBeNull();
    expect(folderPath('/tag/%E0%A4%A')).toBeNull();
    expect(folderPath('/tag/%ED%A0%80')).toBeNull();
  });
});

describe('publicPagePath', () => {
  it('gives the address readers use for a page Astro built in a name’s folder', () => {
    expect(publicPagePath('/tag/C~23')).toBe('/tag/C%23');
    expect(publicPagePath('/category/~E6~B5~8B~E8~AF~95~2F~E5~88~86~E7~B1~BB/')).toBe(
      '/category/%E6%B5%8B%E8%AF%95%2F%E5%88%86%E7%B1%BB/',
    );
    expect(publicPagePath('/tag/Node~2Ejs')).toBe('/tag/Node.js');
  });

  it('leaves every other path alone', () => {
    for (const path of ['/', '/tag', '/tag/', '/article/1', '/home/2', '/tag/a/b', '/archives'])
      expect(publicPagePath(path)).toBe(path);
  });
});

describe('a tag’s or category’s name in the content schema', () => {
  const tag = taxonomyName('标签');

  it('takes any name an address can carry', () => {
    for (const name of ODD) expect(tag.safeParse(name).success, name).toBe(true);
  });

  it('refuses what no address or file name can hold, saying why in Chinese', () => {
    const refusals: [string, RegExp][] = [
      ['', /请填写标签/],
      ['   ', /请填写标签/],
      ['a\nb', /控制字符/],
      ['a\tb', /控制字符/],
      ['a\u0000b', /控制字符/],
      ['\uD83D', /残缺/],
      ['.', /不能是 \. 或 \.\./],
      [' .. ', /不能是 \. 或 \.\./],
      ['x'.repeat(21), /最多 20 个字/],
    ];
    for (const [name, message] of refusals) {
      const result = tag.safeParse(name);
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error!.issues[0].message).toMatch(message);
    }
  });

  it('names the field at fault in an article', () => {
    const article = { id: 1, title: 't', date: '2024-01-01', category: '..', tags: ['ok', 'a\nb'] };
    const issues = articleFrontmatter.safeParse(article).error!.issues;
    expect(issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['category', '分类不能是 . 或 ..（网址里它们表示上一级目录）'],
      ['tags', '标签不能含有换行、制表符等控制字符'],
    ]);
  });
});

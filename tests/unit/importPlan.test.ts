import { describe, expect, it } from 'vitest';
import { emptyBundle, type ImportedArticle, type ImportedComment } from '../../src/server/import/bundle';
import { replaceImageRef } from '../../src/server/import/images';
import { planImport, siteKeyOf, type SiteNow } from '../../src/server/import/plan';
import { siteConfigChanges } from '../../src/server/import/siteConfig';
import { formatRedirects, normalizeOldPath, parseRedirects } from '../../src/lib/shared/redirects';

const article = (key: string, id: number | undefined, date: string, title = key): ImportedArticle => ({
  key,
  id,
  title,
  body: '',
  images: [],
  category: '随笔',
  tags: ['a'],
  pinned: false,
  order: 0,
  type: 'original',
  date: new Date(date),
  draft: false,
  private: false,
  views: 0,
  likes: 0,
  readingMs: 0,
  oldPaths: [],
});

const comment = (key: string, target: string, parentKey?: string): ImportedComment => ({
  key,
  target: { kind: 'article', key: target },
  parentKey,
  author: { guestName: '路人' },
  content: '好文',
  likes: 0,
  hidden: false,
  createdAt: new Date('2024-01-01T00:00:00Z'),
});

const siteNow = (over: Partial<SiteNow> = {}): SiteNow => ({
  articles: new Map(),
  talks: new Set(),
  users: new Map(),
  known: new Map(),
  ...over,
});

describe('an import plan', () => {
  it('keeps free ids, gives a taken id the next free one, and numbers the rest oldest first', () => {
    const bundle = emptyBundle('测试');
    bundle.articles = [
      article('a', 3, '2024-03-01'),
      article('b', 5, '2024-01-01'),
      article('c', undefined, '2024-02-01'),
      article('d', undefined, '2023-02-01'),
    ];
    const plan = planImport(bundle, siteNow({ articles: new Map([[5, '本站的文章']]) }));
    const ids = Object.fromEntries(plan.articles.map(({ item, id }) => [item.key, id]));
    // 3 is free; 5 is taken by ours, so b moves past everything in use (3, 5) in date order with the new ones.
    expect(ids.a).toBe(3);
    expect([ids.b, ids.c, ids.d].sort()).toEqual([6, 7, 8]);
    expect(ids.d).toBeLessThan(ids.c);
    expect(plan.conflicts.join('\n')).toContain('id 5 已被本站的「本站的文章」占用');
  });

  it('skips what an earlier import brought, and counts it', () => {
    const bundle = emptyBundle('测试');
    bundle.articles = [article('a', 1, '2024-01-01'), article('b', 2, '2024-01-02')];
    bundle.site = { views: 100 };
    const plan = planImport(
      bundle,
      siteNow({
        known: new Map([
          ['a', 1],
          [siteKeyOf('测试'), 0],
        ]),
      }),
    );
    expect(plan.articles.map((a) => a.item.key)).toEqual(['b']);
    expect(plan.already.articles).toBe(1);
    expect(plan.site).toEqual({});
  });

  it('leaves behind comments on what is not imported, and puts top-level comments before replies', () => {
    const bundle = emptyBundle('测试');
    bundle.articles = [article('a', 1, '2024-01-01')];
    bundle.comments = [comment('reply', 'a', 'root'), comment('root', 'a'), comment('lost', 'gone')];
    const plan = planImport(bundle, siteNow());
    expect(plan.comments.map((c) => c.key)).toEqual(['root', 'reply']);
    expect(plan.leftBehind).toEqual([{ where: 'lost', reason: expect.stringContaining('不在导入的内容里') }]);
  });

  it('merges the two owners, and renames anyone else whose name is taken', () => {
    const bundle = emptyBundle('测试');
    const user = { nickName: '', avatar: '', passwordHash: null, createdAt: new Date() };
    bundle.users = [
      { ...user, key: 'u1', username: 'Admin', role: 'admin' },
      { ...user, key: 'u2', username: 'alice', role: 'user' },
    ];
    const plan = planImport(
      bundle,
      siteNow({
        users: new Map([
          ['admin', { id: 1, admin: true }],
          ['alice', { id: 2, admin: false }],
        ]),
      }),
    );
    expect(plan.users.map((u) => [u.username, u.mergeInto])).toEqual([
      ['Admin', 1],
      ['alice_2', undefined],
    ]);
  });
});

describe('replacing a picture reference', () => {
  it('replaces whole addresses only', () => {
    const body = '![a](a.png) ![b](data/a.png) <img src="a.png"> [x]: a.png';
    expect(replaceImageRef(body, 'a.png', './images/1.png')).toBe(
      '![a](./images/1.png) ![b](data/a.png) <img src="./images/1.png"> [x]: ./images/1.png',
    );
  });
});

describe('old addresses', () => {
  it('compares one form of each path', () => {
    expect(normalizeOldPath('/2023/01/02/%E4%BD%A0%E5%A5%BD/')).toBe('/2023/01/02/你好');
    expect(normalizeOldPath('/posts/abc/index.html')).toBe('/posts/abc');
    expect(normalizeOldPath('//evil.example/x')).toBeNull();
    expect(normalizeOldPath('/')).toBeNull();
    expect(normalizeOldPath('/?p=12')).toBe('/?p=12');
    expect(normalizeOldPath('/a/?utm=1')).toBe('/a');
    expect(normalizeOldPath('/2023/my post/')).toBe('/2023/my post');
    expect(normalizeOldPath('/100%-done/')).toBe('/100%-done');
  });

  it('reads back what it writes, and names what it cannot use', () => {
    const written = formatRedirects(new Map([['/posts/abc', '/article/3']]));
    expect(parseRedirects(written).redirects).toEqual(new Map([['/posts/abc', '/article/3']]));
    const { redirects, problems } = parseRedirects('/a/: /article/1\n/b: https://evil.example\n');
    expect(redirects).toEqual(new Map([['/a', '/article/1']]));
    expect(problems).toHaveLength(1);
  });
});

describe('the site settings an import writes', () => {
  const source = `interface SiteConfig {\n  title: string;\n  social: {\n    github: string;\n  };\n}\nexport const site = {\n  title: '旧名字',\n  social: {\n    github: '',\n    qq: '',\n  },\n  payment: {\n    weChatQr: '',\n  },\n};\n`;

  it('replaces the values of known fields in their blocks, and leaves pictures that are no address', () => {
    const { text, changes, left } = siteConfigChanges(source, {
      name: "小明's 博客",
      links: { github: 'https://github.com/x' },
      wechatPay: '/upload/qr.png',
    });
    expect(text).toContain("  title: '小明\\'s 博客',");
    expect(text).toContain("    github: 'https://github.com/x',");
    expect(text).toContain("    weChatQr: '',");
    expect(changes.map((c) => c.what)).toEqual(['站点名称', 'GitHub']);
    expect(left[0].reason).toContain('不是完整网址');
  });
});

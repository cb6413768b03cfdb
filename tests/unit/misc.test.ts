import { describe, expect, it } from 'vitest';
import { countWords, plainText, readingMinutes } from '../../src/lib/node/reading';
import { pageHeaderFor, pageHeaderList } from '../../src/lib/node/pageHeader';
import { decodeStored, encodeStored } from '../../src/lib/browser/storage';
import { decryptText, encryptText } from '../../src/lib/browser/cipher';
import { legacyRedirect } from '../../src/server/http/legacyRedirect';

const cipher = { encryptText, decryptText };

describe('reading', () => {
  it('counts CJK characters and Latin words, not markup or code', () => {
    expect(countWords('## 标题\n\n你好 React Hooks，[链接](http://x.y)\n\n```js\nconst a = 1\n```')).toBe(
      2 + 2 + 2 + 2,
    );
    expect(plainText('**粗体** `code`')).toBe('粗体 code');
  });
  it('rounds reading time up with a minimum of one minute', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(401)).toBe(2);
  });
});

describe('pageHeaderFor', () => {
  const headers = { '/article': 'a.svg', '/art': 'x.svg', default: 'd.svg' };
  it('takes the longest matching prefix on a path boundary', () => {
    expect(pageHeaderFor('/article/3', headers)).toBe('a.svg');
    expect(pageHeaderFor('/articles', headers)).toBe('d.svg');
    expect(pageHeaderFor('/', headers)).toBe('d.svg');
  });
});

describe('pageHeaderList', () => {
  it('names each route as the original front end does, with our path and the image our page shows', () => {
    const list = pageHeaderList({ '/resources': 'r.svg', '/home': 'h.svg', default: 'd.svg' });
    expect(list.map((h) => h.id)).toEqual(list.map((_, i) => i + 1));
    expect(list.find((h) => h.route_name === 'Home')).toEqual({
      id: 1,
      route_name: 'Home',
      path: '/home',
      bg_url: 'h.svg',
    });
    expect(list.find((h) => h.route_name === 'Front')).toMatchObject({ path: '/resources/front', bg_url: 'r.svg' });
    expect(list.find((h) => h.route_name === 'Back')).toMatchObject({ path: '/resources/back', bg_url: 'r.svg' });
    expect(list.find((h) => h.route_name === 'LinkList')).toMatchObject({ path: '/link/list', bg_url: 'd.svg' });
    for (const name of [
      'Archives',
      'Category',
      'Tag',
      'ArticleList',
      'Talk',
      'SiteList',
      'LinkApply',
      'MessageList',
      'UserCenter',
    ]) {
      expect(list.map((h) => h.route_name)).toContain(name);
    }
    expect(list.every((h) => h.path.startsWith('/') && !h.route_name.startsWith('/'))).toBe(true);
  });
});

describe('storage encoding', () => {
  const isString = (v: unknown): v is string => typeof v === 'string';
  it('round-trips Chinese text', () => {
    expect(decodeStored(encodeStored('你好，世界 ✓'), '', isString)).toBe('你好，世界 ✓');
  });
  it('resets a corrupt or wrongly typed value', () => {
    expect(decodeStored('!!!', 'd', isString)).toBe('d');
    expect(decodeStored(encodeStored(5), 'd', isString)).toBe('d');
    expect(decodeStored(null, 'd', isString)).toBe('d');
  });
});

describe('legacyRedirect', () => {
  it('moves the id into the path and keeps the rest of the query', () => {
    expect(legacyRedirect('/article', '?id=12&from=rss')).toBe('/article/12?from=rss');
    expect(legacyRedirect('/talk/', '?id=3')).toBe('/talk/3');
  });
  it('leaves other URLs alone', () => {
    expect(legacyRedirect('/talk', '')).toBeNull();
    expect(legacyRedirect('/home', '?id=3')).toBeNull();
  });
});

import { backToTopVisible, headerVisible } from '../../src/lib/browser/scroll';

describe('scroll rules', () => {
  it('keeps the header at the top, hides it going down and shows it going up', () => {
    expect(headerVisible(0, 50, false)).toBe(true);
    expect(headerVisible(40, 51, true)).toBe(false);
    expect(headerVisible(400, 380, false)).toBe(true);
    expect(headerVisible(400, 400, false)).toBe(false);
  });
  it('offers back-to-top only past 200 px', () => {
    expect(backToTopVisible(200)).toBe(false);
    expect(backToTopVisible(201)).toBe(true);
  });
});

import { createParticles, stepParticles } from '../../src/lib/browser/particles';

describe('particles', () => {
  it('creates the requested count inside the canvas', () => {
    const ps = createParticles(120, 300, 200);
    expect(ps).toHaveLength(120);
    expect(ps.every((p) => p.x >= 0 && p.x <= 300 && p.y >= 0 && p.y <= 200)).toBe(true);
  });
  it('moves towards a nearby pointer and stays inside the canvas', () => {
    const [p] = createParticles(1, 300, 200, () => 0.5);
    p.vx = 0;
    p.vy = 0;
    const before = Math.hypot(200 - p.x, 100 - p.y);
    for (let i = 0; i < 20; i++) stepParticles([p], 300, 200, { x: 200, y: 100 });
    expect(Math.hypot(200 - p.x, 100 - p.y)).toBeLessThan(before);
    for (let i = 0; i < 2000; i++) stepParticles([p], 300, 200, null);
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.x).toBeLessThanOrEqual(300);
  });
});

import { nextFreeId, postFileName, postTemplate } from '../../scripts/lib/post';

describe('new post scaffolding', () => {
  it('takes the id after the highest one', () => {
    expect(nextFreeId([])).toBe(1);
    expect(nextFreeId([3, 1, 7])).toBe(8);
  });
  it('names the file by id and a Latin slug', () => {
    expect(postFileName(33, 'Hello React 19！')).toBe('0033-hello-react-19.md');
    expect(postFileName(5, '纯中文标题')).toBe('0005-post.md');
  });
  it('writes a draft with the title quoted safely', () => {
    const text = postTemplate(9, '冒号: 与 "引号"', new Date('2026-01-01T19:04:27Z'));
    expect(text).toContain('id: 9');
    expect(text).toContain('title: "冒号: 与 \\"引号\\""');
    expect(text).toContain('date: "2026-01-02 03:04:00"');
    expect(text).toContain('draft: true');
  });
});

describe('plainText for search', () => {
  it('keeps code text but not the fences when asked', () => {
    const md = '前言\n\n```ts\nconst answer = 42;\n```\n\n结尾';
    expect(plainText(md)).toBe('前言 结尾');
    expect(plainText(md, { keepCode: true })).toBe('前言 const answer = 42; 结尾');
  });
});

import { afterLogoutPath } from '../../src/server/http/logout';

describe('afterLogoutPath', () => {
  it('returns to the page the reader was on, marked for the toast', () => {
    expect(afterLogoutPath('http://blog.cn/article/3?x=1', 'blog.cn')).toBe('/article/3?x=1&logout=1');
  });
  it('leaves the user centre, foreign referers and nonsense for home', () => {
    expect(afterLogoutPath('http://blog.cn/userCenter', 'blog.cn')).toBe('/home?logout=1');
    expect(afterLogoutPath('https://evil.example/x', 'blog.cn')).toBe('/home?logout=1');
    expect(afterLogoutPath('::::', 'blog.cn')).toBe('/home?logout=1');
    expect(afterLogoutPath(undefined, 'blog.cn')).toBe('/home?logout=1');
  });
});

describe('encrypted storage', () => {
  const isUser = (v: unknown): v is { id: number; nick_name: string } =>
    typeof v === 'object' && v !== null && 'id' in v;
  it('round-trips Chinese text through AES and hides it', () => {
    const stored = encodeStored({ id: 3, nick_name: '小鱼儿' }, { cipher });
    expect(stored).not.toContain('小鱼儿');
    expect(atob(stored)).not.toContain(encodeURIComponent('小鱼儿'));
    expect(decodeStored(stored, null, isUser, { cipher })).toEqual({ id: 3, nick_name: '小鱼儿' });
  });
  // Written by the original front end (crypto-js, AES-CBC, PKCS#7): readers who stored them keep their session.
  it('reads and writes exactly what the original front end stored', () => {
    const known = [
      ['hello', 'msQLMI2VhXsb4vm4F1dHww=='],
      ['xxxxxxxxxxxxxxxx', 'W8o7XwQbsyvPKd2lCDYwCViJxwmOJM+HUHZFUBgWMgQ='],
      [
        encodeURIComponent(JSON.stringify({ nick_name: '小明 🎵', id: 7 })),
        'abd0J2cNBMNMkAJjjxUMM2EuNA7AVks0sXu2ESqlqkU81+rQ2J2lKYDOPuJ31i//FC9pm/TXxhpROoKU1yvHknqfakfsQtK5ttK271DMZuI=',
      ],
    ];
    for (const [plain, stored] of known) {
      expect(encryptText(plain)).toBe(stored);
      expect(decryptText(stored)).toBe(plain);
    }
    expect(decodeStored(known[2][1], null, isUser, { cipher })).toEqual({ nick_name: '小明 🎵', id: 7 });
  });
  it('resets values that are corrupt, unencrypted or of the wrong shape', () => {
    expect(decodeStored('U2FsdGVkX1+garbage', null, isUser, { cipher })).toBeNull();
    expect(decodeStored(encodeStored({ id: 3 }), null, isUser, { cipher })).toBeNull();
    expect(decodeStored(encodeStored('text', { cipher }), null, isUser, { cipher })).toBeNull();
  });
});

import { storedCodec } from '../../src/lib/browser/storage';

describe('storedCodec', () => {
  const isNumber = (v: unknown): v is number => typeof v === 'number';
  it('encodes undefined as nothing, so the key is removed', () => {
    expect(storedCodec<number | undefined>(undefined, isNumber).encode(undefined)).toBeUndefined();
  });
  it('round-trips, with and without encryption, and resets what it cannot read', () => {
    for (const options of [{}, { cipher }]) {
      const codec = storedCodec(0, isNumber, options);
      expect(codec.decode(codec.encode(42))).toBe(42);
      expect(codec.decode('%%%')).toBe(0);
    }
  });
});

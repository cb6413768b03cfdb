import { describe, expect, it } from 'vitest';
import { countWords, plainText, readingMinutes } from '../../src/lib/reading';
import { pageHeaderFor } from '../../src/lib/pageHeader';
import { decodeStored, encodeStored } from '../../src/lib/storage';
import { legacyRedirect } from '../../src/server/legacyRedirect';

describe('reading', () => {
  it('counts CJK characters and Latin words, not markup or code', () => {
    expect(countWords('## 标题\n\n你好 React Hooks，[链接](http://x.y)\n\n```js\nconst a = 1\n```')).toBe(2 + 2 + 2 + 2);
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

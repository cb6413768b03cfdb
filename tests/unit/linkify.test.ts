import { describe, expect, it } from 'vitest';
import { linkify } from '../../src/lib/browser/linkify';

describe('linkify', () => {
  it('finds http and https addresses among Chinese text', () => {
    expect(linkify('看这个https://example.com/a?b=1，很好')).toEqual([
      { text: '看这个' },
      { url: 'https://example.com/a?b=1' },
      { text: '，很好' },
    ]);
    expect(linkify('http://a.cn 和 https://b.cn/x')).toEqual([
      { url: 'http://a.cn' },
      { text: ' 和 ' },
      { url: 'https://b.cn/x' },
    ]);
  });
  it('leaves the sentence its closing punctuation', () => {
    expect(linkify('see https://example.com/page.')).toEqual([
      { text: 'see ' },
      { url: 'https://example.com/page' },
      { text: '.' },
    ]);
  });
  it('never makes a link of other schemes or of markup', () => {
    expect(linkify('javascript:alert(1) data:text/html,<b>')).toEqual([
      { text: 'javascript:alert(1) data:text/html,<b>' },
    ]);
    expect(linkify('https://x.cn/"><script>')).toEqual([{ url: 'https://x.cn/' }, { text: '"><script>' }]);
  });
  it('keeps text without addresses whole, line breaks included', () => {
    expect(linkify('第一行\n第二行 🎉')).toEqual([{ text: '第一行\n第二行 🎉' }]);
    expect(linkify('')).toEqual([]);
  });
});

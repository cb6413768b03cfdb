import { describe, expect, it } from 'vitest';
import { escapeHtml, html, looksLikeHtml, unescapeHtml } from '../../src/lib/shared/html';

describe('escapeHtml and html', () => {
  it('escapes the five characters that can open markup or close an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    );
    expect(escapeHtml('你好 🎵')).toBe('你好 🎵');
  });
  it('keeps the template markup and escapes every value', () => {
    expect(html`<b>${'<script>x</script>'}</b> 评论了 ${3} 次`).toBe(
      '<b>&lt;script&gt;x&lt;/script&gt;</b> 评论了 3 次',
    );
  });
});

describe('looksLikeHtml', () => {
  it('takes text with a tag and none of the forbidden words as HTML', () => {
    expect(looksLikeHtml('<b>小明</b> 回复了你')).toBe(true);
    expect(looksLikeHtml('<p>第一行</p><br/>')).toBe(true);
  });
  it('takes plain text, and tags next to a forbidden word, as text', () => {
    expect(looksLikeHtml('1 < 2 and 3 > 2')).toBe(false);
    expect(looksLikeHtml('没有标签')).toBe(false);
    for (const word of ['script', 'alert', 'window', 'prompt', 'location', 'href', 'iframe', 'onload', 'onerror']) {
      expect(looksLikeHtml(`<b>${word}</b>`)).toBe(false);
      expect(looksLikeHtml(`<b>${word.toUpperCase()}</b>`)).toBe(false);
    }
  });
});

describe('unescapeHtml', () => {
  it('reads back what escapeHtml wrote, by name or by number, in one pass', () => {
    const text = `<b>"小明" & 'co'</b>`;
    expect(unescapeHtml(escapeHtml(text))).toBe(text);
    expect(unescapeHtml('&#x3C;&#60;&apos;&#34;&#X26;')).toBe(`<<'"&`);
    // Escaped twice is read back once: `&amp;lt;` is the text `&lt;`, never `<`.
    expect(unescapeHtml('&amp;lt;')).toBe('&lt;');
    expect(unescapeHtml('&nbsp;&copy;&#169;')).toBe('&nbsp;&copy;&#169;');
  });
});

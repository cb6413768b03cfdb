import { describe, expect, it } from 'vitest';
import { buildSearchIndex, search, snippet } from '../../src/lib/node/search';

const docs = [
  { id: 1, title: 'SQLite WAL 模式', text: '预写日志让读写可以并发。WAL 模式下读者不会阻塞写者。' },
  { id: 2, title: 'React Hooks 入门', text: 'useEffect 与 useState 是最常用的 Hooks，配合 SQLite 也能做离线应用。' },
  { id: 3, title: '读书笔记', text: '这本书讲了数据库索引，也顺带提到 sqlite 的 B 树。' },
  { id: 4, title: '生活随笔', text: '周末去爬山，山顶的风很大。' },
];
const index = buildSearchIndex(docs);

describe('search', () => {
  it('finds Chinese substrings in bodies', () => {
    expect(search(index, '爬山').map((h) => h.id)).toEqual([4]);
    expect(search(index, '并发').map((h) => h.id)).toEqual([1]);
  });
  it('matches case-insensitively and ranks title matches first', () => {
    expect(search(index, 'SQLITE').map((h) => h.id)).toEqual([1, 2, 3]);
    expect(search(index, 'hooks').map((h) => h.id)).toEqual([2]);
  });
  it('finds single characters and reports where the body match starts', () => {
    const [hit] = search(index, '风');
    expect(hit.id).toBe(4);
    expect(docs[3].text.slice(hit.position, hit.position + 1)).toBe('风');
  });
  it('returns nothing for text that is nowhere, or for a blank keyword', () => {
    expect(search(index, '不存在的词')).toEqual([]);
    expect(search(index, '   ')).toEqual([]);
  });
  it('caps the number of results', () => {
    const many = buildSearchIndex(
      Array.from({ length: 30 }, (_, i) => ({ id: i, title: `第${i}篇`, text: '同样的内容' })),
    );
    expect(search(many, '内容')).toHaveLength(8);
    expect(search(many, '内容', 3)).toHaveLength(3);
  });
  it('never misses a match the Bloom filter should let through', () => {
    const words = ['数据库', 'Astro', '性能优化', 'x', 'ab', '。'];
    const texts = Array.from(
      { length: 200 },
      (_, i) => `第${i}段：${words[i % words.length]}${'填充文字'.repeat(i % 7)}结束`,
    );
    const big = buildSearchIndex(texts.map((text, id) => ({ id, title: '', text })));
    for (const word of words) {
      const expected = texts
        .map((t, id) => (t.toLowerCase().includes(word.toLowerCase()) ? id : -1))
        .filter((id) => id >= 0);
      expect(search(big, word, 1000).map((h) => h.id)).toEqual(expected);
    }
  });
});

describe('snippet', () => {
  it('starts at the match and marks a cut', () => {
    expect(snippet('前面的内容，关键词在这里，后面还有很多', 6, 5)).toBe('关键词在这…');
    expect(snippet('短文本', 0, 10)).toBe('短文本');
  });
});

import { describe, expect, it } from 'vitest';
import {
  countNames,
  groupByYear,
  neighbours,
  paginate,
  recommend,
  sortForHome,
  type ArticleMeta,
} from '../../src/lib/node/articles';
import { assertUniqueIds, nameId } from '../../src/lib/node/contentIds';

const a = (id: number, date: string, extra: Partial<ArticleMeta> = {}): ArticleMeta => ({
  id,
  title: `t${id}`,
  date: new Date(date),
  category: 'c',
  tags: [],
  pinned: false,
  order: 0,
  ...extra,
});

describe('assertUniqueIds', () => {
  it('passes distinct ids', () => {
    expect(() =>
      assertUniqueIds([
        { id: 1, file: 'a.md' },
        { id: 2, file: 'b.md' },
      ]),
    ).not.toThrow();
  });
  it('names both files of a clash', () => {
    expect(() =>
      assertUniqueIds([
        { id: 1, file: 'a.md' },
        { id: 1, file: 'b.md' },
      ]),
    ).toThrow(/id 1：a\.md 与 b\.md/);
  });
});

describe('sortForHome', () => {
  it('puts pinned first, then order, then newest', () => {
    const list = [
      a(1, '2024-01-01'),
      a(2, '2025-01-01'),
      a(3, '2023-01-01', { pinned: true, order: 2 }),
      a(4, '2022-01-01', { pinned: true, order: 1 }),
    ];
    expect(sortForHome(list).map((x) => x.id)).toEqual([4, 3, 2, 1]);
  });
});

describe('paginate', () => {
  const list = Array.from({ length: 23 }, (_, i) => i);
  it('slices pages and counts them', () => {
    expect(paginate(list, 1, 10)).toMatchObject({ total: 23, pages: 3, list: list.slice(0, 10) });
    expect(paginate(list, 3, 10).list).toEqual([20, 21, 22]);
  });
  it('gives an empty page past the end', () => {
    expect(paginate(list, 9, 10).list).toEqual([]);
  });
});

describe('neighbours and recommend', () => {
  const list = [
    a(1, '2024-01-01', { tags: ['js', 'css'] }),
    a(2, '2024-02-01', { tags: ['js'] }),
    a(3, '2024-03-01', { tags: ['go'] }),
    a(4, '2024-04-01', { tags: ['js', 'css'] }),
  ];
  it('finds older and newer neighbours by date', () => {
    expect(neighbours(list, 2)).toMatchObject({ previous: { id: 1 }, next: { id: 3 } });
    expect(neighbours(list, 1).previous).toBeNull();
    expect(neighbours(list, 4).next).toBeNull();
  });
  it('ranks by shared tags, excludes itself and unrelated ones, and caps the count', () => {
    expect(recommend(list, list[0]).map((x) => x.id)).toEqual([4, 2]);
    expect(recommend(list, list[0], 1).map((x) => x.id)).toEqual([4]);
  });
});

describe('groupByYear and countNames', () => {
  it('groups newest year first', () => {
    const groups = groupByYear([a(1, '2023-05-01'), a(2, '2025-01-01'), a(3, '2023-09-01')]);
    expect(groups.map((g) => [g.year, g.articles.map((x) => x.id)])).toEqual([
      [2025, [2]],
      [2023, [3, 1]],
    ]);
  });
  it('counts names, most used first', () => {
    expect(countNames(['b', 'a', 'b'])).toEqual([
      { name: 'b', count: 2 },
      { name: 'a', count: 1 },
    ]);
  });
});

describe('nameId', () => {
  it('is stable, positive and distinguishes names', () => {
    expect(nameId('前端')).toBe(nameId('前端'));
    expect(nameId('前端')).toBeGreaterThan(0);
    expect(nameId('前端')).not.toBe(nameId('后端'));
  });
});

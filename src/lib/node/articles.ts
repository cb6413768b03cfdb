/** Ordering, paging and relations of articles: plain data in, plain data out. */
import type { Page } from '../../contract/envelope.ts';
import { yearOf } from '../shared/time.ts';
import { countWords, plainText, readingMinutes } from './reading.ts';

export interface ArticleMeta {
  id: number;
  title: string;
  date: Date;
  category: string;
  tags: readonly string[];
  pinned: boolean;
  order: number;
}

/**
 * What the pages read of an article but its files: every field of its front matter (so a field new
 * to the content schema reaches them by itself) but the console's draft and private flags, the
 * description (the owner's, or the body's first 120 characters) and the body's length.
 */
export function pageFields<T extends { draft: boolean; private: boolean; description?: string }>(
  data: T,
  body: string,
) {
  const { draft: _draft, private: _private, ...fields } = data;
  const words = countWords(body);
  return {
    ...fields,
    description: fields.description || plainText(body).slice(0, 120),
    words,
    minutes: readingMinutes(words),
  };
}

export const newestFirst = <T extends Pick<ArticleMeta, 'date' | 'id'>>(a: T, b: T) => +b.date - +a.date || b.id - a.id;

/** Home order: pinned first, then the owner's `order`, then newest. */
export function sortForHome<T extends ArticleMeta>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.order - b.order || newestFirst(a, b));
}

/** The API's page, with the number of pages the list makes. */
export type CountedPage<T> = Page<T> & { pages: number };

export function paginate<T>(list: readonly T[], current: number, size: number): CountedPage<T> {
  const pages = Math.max(1, Math.ceil(list.length / size));
  const start = (current - 1) * size;
  return { current, size, total: list.length, pages, list: list.slice(start, start + size) };
}

/** The older and newer neighbours of an article by date. */
export function neighbours<T extends ArticleMeta>(
  list: readonly T[],
  id: number,
): { previous: T | null; next: T | null } {
  const byDate = [...list].sort(newestFirst);
  const index = byDate.findIndex((a) => a.id === id);
  if (index < 0) return { previous: null, next: null };
  return { previous: byDate[index + 1] ?? null, next: byDate[index - 1] ?? null };
}

/** Articles sharing tags with this one: most shared tags first, then newest. */
export function recommend<T extends ArticleMeta>(list: readonly T[], article: ArticleMeta, max = 6): T[] {
  const tags = new Set(article.tags);
  return list
    .filter((a) => a.id !== article.id)
    .map((a) => ({ a, shared: a.tags.filter((t) => tags.has(t)).length }))
    .filter(({ shared }) => shared > 0)
    .sort((x, y) => y.shared - x.shared || newestFirst(x.a, y.a))
    .slice(0, max)
    .map(({ a }) => a);
}

export function groupByYear<T extends ArticleMeta>(list: readonly T[]): { year: number; articles: T[] }[] {
  const years = new Map<number, T[]>();
  for (const a of [...list].sort(newestFirst)) {
    const year = yearOf(a.date);
    years.set(year, [...(years.get(year) ?? []), a]);
  }
  return [...years].map(([year, articles]) => ({ year, articles }));
}

/** Names with how many articles carry them, most used first, then by name. */
export function countNames(names: Iterable<string>): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'zh-CN'));
}

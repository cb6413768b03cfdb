import type { LiHTMLAttributes } from 'react';
import type { HotArticle, SearchResult } from '../../contract/articles';

/** An option the arrow keys can reach: a result, a past search or a hot article. */
export type SearchOption = { kind: 'result' | 'hot'; id: number } | { kind: 'term'; term: string };

/** The listbox attributes of the option at an index, shared by every list in the dialog. */
export type OptionAttributes = (index: number) => LiHTMLAttributes<HTMLLIElement>;

/** Past searches, newest first: the order the history list shows them in. */
export const newestFirst = (history: readonly string[]) => [...history].reverse();

/** The options in the order they appear: results while there is a keyword, else history then hot list. */
export function searchOptions(
  term: string,
  results: SearchResult[],
  history: readonly string[],
  hot: HotArticle[] | null,
): SearchOption[] {
  if (term) return results.map((r) => ({ kind: 'result', id: r.id }));
  return [
    ...newestFirst(history).map((h): SearchOption => ({ kind: 'term', term: h })),
    ...(hot ?? []).map((h): SearchOption => ({ kind: 'hot', id: h.id })),
  ];
}

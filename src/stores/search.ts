import { persistentAtom } from '@nanostores/persistent';
import {
  historyAfter,
  isStringList,
  sameTerms,
  SEARCH_HISTORY_KEY,
  type SearchAct,
} from '../lib/browser/searchHistory';
import { storedCodec } from '../lib/browser/storage';

/** Open or not, and the dialog's arrival: in the client layer, since the page script opens search too. */
export { $searchOpen, closeSearch, hasSearchDialog, openSearch, searchDialogArrived } from '../client/search';

/** Past searches, oldest first, in local storage under the original front end's key and encoding. */
export const $searchHistory = persistentAtom<string[]>(SEARCH_HISTORY_KEY, [], storedCodec([], isStringList));

/** Tells the history what the reader did; it keeps only the searches they chose. */
export function recordSearch(act: SearchAct): void {
  const history = $searchHistory.get();
  const next = historyAfter(history, act);
  if (!sameTerms(history, next)) $searchHistory.set(next);
}

export function clearSearchHistory(): void {
  $searchHistory.set([]);
}

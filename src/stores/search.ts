import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { addSearchTerm, isStringList, SEARCH_HISTORY_KEY } from '../lib/searchHistory';
import { storedCodec } from '../lib/storage';

export const $searchOpen = atom(false);

export const openSearch = () => $searchOpen.set(true);
export const closeSearch = () => $searchOpen.set(false);

/** Past searches, oldest first, in local storage under the spec's key and encoding. */
export const $searchHistory = persistentAtom<string[]>(SEARCH_HISTORY_KEY, [], storedCodec([], isStringList));

export function rememberSearch(term: string): void {
  $searchHistory.set(addSearchTerm($searchHistory.get(), term));
}

export function clearSearchHistory(): void {
  $searchHistory.set([]);
}

/**
 * Whether the search dialog is open, and whether it has arrived. It sits with the client because
 * the page script opens search from the keyboard before the header's island has woken
 * (searchShortcut.ts); islands reach it through stores/search.ts.
 */
import { atom } from 'nanostores';

export const $searchOpen = atom(false);

export const openSearch = () => $searchOpen.set(true);
export const closeSearch = () => $searchOpen.set(false);

let dialogHere = false;

/** The dialog's code has loaded and it is rendered (hidden while closed): opening it is instant. */
export function searchDialogArrived(): void {
  dialogHere = true;
}

export const hasSearchDialog = () => dialogHere;

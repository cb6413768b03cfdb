/**
 * Search opens from anywhere on the page with `/` or Ctrl/⌘+K, before the header's island has
 * woken as after: the page script listens, opens search and wakes the header, which brings the
 * dialog. Until the dialog is there, a field out of sight takes the reader's typing (earlyTyping.ts);
 * the header's search button gets that field too, within the tap, while its click waits for the
 * island (hydrateOnInteraction.ts), so a phone raises its keyboard as before.
 */
import { t } from '../i18n/zh-CN';
import { isSearchShortcut } from '../lib/browser/searchShortcut';
import { holdTyping } from './earlyTyping';
import { wakeIsland } from './islands';
import { hasSearchDialog, openSearch } from './search';

const headerIsland = () => document.querySelector('#site-header astro-island');
const TYPING = 'input, textarea, select, [contenteditable="true"]';

document.addEventListener('keydown', (e) => {
  // The landing, login and console pages have no header, so no search to open: the keys stay the page's
  // (and the browser's), and no open search is left waiting for the next page with a header.
  if (!headerIsland()) return;
  const target = e.target instanceof Element ? e.target : null;
  if (
    !isSearchShortcut({
      key: e.key,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      altKey: e.altKey,
      typing: !!target?.closest(TYPING),
    })
  )
    return;
  e.preventDefault();
  if (!hasSearchDialog()) holdTyping(t.search.placeholder);
  openSearch();
  wakeIsland(headerIsland());
});

// Capturing, so it runs before the island holds the click back.
document.addEventListener(
  'click',
  (e) => {
    if (
      hasSearchDialog() ||
      !(e.target instanceof Element) ||
      !e.target.closest('#site-header button[aria-keyshortcuts]')
    )
      return;
    holdTyping(t.search.placeholder);
  },
  true,
);

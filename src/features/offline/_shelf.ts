/** The offline page's lists (index.astro), filled from the caches on each visit. */
import { readablePages, removeSaved, savedPages, type ShelfEntry } from '../../client/offlineShelf';
import { offlineText } from '../../i18n/offline.zh-CN';

type ListName = 'saved' | 'readable';

function entryItem({ url, title }: ShelfEntry, remove?: (item: HTMLLIElement) => Promise<void>): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  const address = new URL(url);
  link.href = `${address.pathname}${address.search}`;
  link.textContent = title || address.pathname;
  item.append(link);
  if (remove) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = offlineText.remove;
    button.setAttribute('aria-label', offlineText.removeOne(link.textContent));
    button.addEventListener('click', () => {
      button.disabled = true;
      void remove(item);
    });
    item.append(button);
  }
  return item;
}

function fill(shelf: HTMLElement, name: ListName, entries: ShelfEntry[], removable: boolean): void {
  const list = shelf.querySelector(`[data-offline-list="${name}"]`)!;
  const empty = shelf.querySelector<HTMLElement>(`[data-offline-empty="${name}"]`)!;
  const remove = async (item: HTMLLIElement, url: string) => {
    await removeSaved(new URL(url).pathname);
    item.remove();
    empty.hidden = list.children.length > 0;
  };
  list.replaceChildren(
    ...entries.map((entry) => entryItem(entry, removable ? (item) => remove(item, entry.url) : undefined)),
  );
  empty.hidden = entries.length > 0;
}

export async function fillShelf(shelf: HTMLElement): Promise<void> {
  const state = shelf.querySelector<HTMLElement>('[data-offline-state]')!;
  const showState = () => (state.textContent = navigator.onLine ? offlineText.onlineNow : offlineText.offlineNow);
  showState();
  // Until the router swaps this page out.
  const leaving = new AbortController();
  document.addEventListener('astro:before-swap', () => leaving.abort(), { once: true });
  window.addEventListener('online', showState, { signal: leaving.signal });
  window.addEventListener('offline', showState, { signal: leaving.signal });
  if (!('caches' in window)) {
    shelf.querySelector<HTMLElement>('[data-offline-unsupported]')!.hidden = false;
    return;
  }
  const [saved, readable] = await Promise.all([savedPages(), readablePages()]);
  fill(shelf, 'saved', saved, true);
  fill(shelf, 'readable', readable, false);
}

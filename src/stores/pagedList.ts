/**
 * A list read from the server a page at a time, under a filter (a tag, a status, a keyword), as
 * one small store and its actions. Every store that pages uses it: the reader's lists append the
 * next page under what is shown (`more`) and read what they show again when the reader comes back
 * (`renew`), the console's tables show one page at a time (`goTo`).
 *
 * Each read takes a ticket, and only the answer to the latest one is kept: a late answer for a
 * page or filter the reader has since left would otherwise overwrite what they now look at.
 */
import { map, type MapStore } from 'nanostores';
import type { Page } from '../contract/envelope';
import { MAX_PAGE_SIZE } from '../contract/limits';

export interface PagedListState<T, F> {
  filter: F;
  list: T[];
  /** The last page read; 0 before the first arrived. */
  current: number;
  total: number;
  loading: boolean;
  /** The last read did not get through; what was on screen stays. */
  failed: boolean;
  /** A page has arrived since the list was opened. */
  loaded: boolean;
}

/** What a read answers: a page, or an envelope holding one (as the API calls answer). */
export type PageRead<T, F> = (filter: F, current: number, size: number) => Promise<{ result?: Page<T> | null }>;

export interface PagedListOptions<T, F> {
  size: number;
  read: PageRead<T, F>;
  /**
   * Tells items apart when a page is appended: an item that moved onto the next page meanwhile
   * (something was added above it) is not listed twice. By `id` unless told otherwise.
   */
  idOf?: (item: T) => unknown;
}

export interface PagedList<T, F> {
  $list: MapStore<PagedListState<T, F>>;
  /** The first page under `filter` (by default the one shown), from an empty list. Answers whether its answer was kept. */
  open: (filter?: F) => Promise<boolean>;
  /** The first page again, leaving what is shown in place until it arrives. */
  refresh: () => Promise<boolean>;
  /**
   * The pages shown read again in one request, leaving what is shown in place until they arrive,
   * so that the reader keeps their pages (and their place) and sees what changed meanwhile. Pages
   * beyond what one request holds stay as they were, and so may show an item since deleted.
   * Answers false, having changed nothing, when the read fails (what is shown is still good) or
   * when something was changed here meanwhile (the answer may have been read before it).
   */
  renew: () => Promise<boolean>;
  /** The next page, appended; after a failure, the page that failed. */
  more: () => Promise<boolean>;
  /** Page `page` alone in place of the one shown. */
  goTo: (page: number) => Promise<boolean>;
  /** The page on screen again, after an action changed it. */
  reload: () => Promise<boolean>;
  /** Empties the list under `filter` without a read; an answer on its way is dropped. */
  reset: (filter?: F) => void;
  /** Changes what is shown without a read: an item added, changed or removed here. */
  edit: (change: (list: T[]) => T[], totalChange?: number) => void;
}

const byId = (item: unknown) => (item as { id: unknown }).id;

export function pagedList<T, F>(initial: F, { size, read, idOf = byId }: PagedListOptions<T, F>): PagedList<T, F> {
  const empty = (filter: F): PagedListState<T, F> => ({
    filter,
    list: [],
    current: 0,
    total: 0,
    loading: false,
    failed: false,
    loaded: false,
  });
  const $list = map<PagedListState<T, F>>(empty(initial));
  let ticket = 0;
  /** Changes made here without a read; a renewal that began before one may not show it, so it is dropped. */
  let edits = 0;

  /** A read begins: it takes the next ticket, and what is shown stays. */
  function begin(filter: F): number {
    $list.set({ ...$list.get(), filter, loading: true, failed: false });
    return ++ticket;
  }
  function failed(mine: number): false {
    if (mine === ticket) $list.set({ ...$list.get(), loading: false, failed: true });
    return false;
  }

  async function load(current: number, filter: F, append: boolean): Promise<boolean> {
    const mine = begin(filter);
    try {
      const { result } = await read(filter, current, size);
      if (mine !== ticket) return false;
      if (!result) throw new Error('no page');
      const shown = $list.get().list;
      if (!append) {
        // The last row of the last page went (deleted, or moved by its new state): show the page before.
        const last = Math.max(1, Math.ceil(result.total / size));
        if (result.list.length === 0 && current > last) return load(last, filter, false);
      }
      const list =
        append && current > 1
          ? [...shown, ...result.list.filter((item) => !shown.some((known) => idOf(known) === idOf(item)))]
          : result.list;
      $list.set({ filter, list, current, total: result.total, loading: false, failed: false, loaded: true });
      return true;
    } catch {
      return failed(mine);
    }
  }

  async function renew(): Promise<boolean> {
    const { current, filter } = $list.get();
    if (current === 0) return load(1, filter, false);
    // Pages 1 to n at size s are page 1 at size n × s.
    const pages = Math.max(1, Math.min(current, Math.floor(MAX_PAGE_SIZE / size)));
    const mine = begin(filter);
    const editsBefore = edits;
    try {
      const { result } = await read(filter, 1, pages * size);
      if (mine !== ticket) return false;
      if (!result || edits !== editsBefore) {
        $list.setKey('loading', false);
        return false;
      }
      // Read again in part, an item missing from the answer may have moved down rather than gone: it stays, listed once.
      const shown = $list.get().list;
      const kept = (pages < current ? shown : shown.slice(pages * size)).filter(
        (item) => !result.list.some((fresh) => idOf(fresh) === idOf(item)),
      );
      $list.set({
        filter,
        list: [...result.list, ...kept],
        current,
        total: result.total,
        loading: false,
        failed: false,
        loaded: true,
      });
      return true;
    } catch {
      if (mine === ticket) $list.setKey('loading', false);
      return false;
    }
  }

  const state = () => $list.get();
  return {
    $list,
    open: (filter = state().filter) => {
      $list.set(empty(filter));
      return load(1, filter, false);
    },
    refresh: () => load(1, state().filter, false),
    renew,
    more: () => {
      const { loading, failed, list, total, current, filter } = state();
      if (loading) return Promise.resolve(false);
      if (failed) return load(list.length ? current + 1 : 1, filter, true);
      return list.length < total ? load(current + 1, filter, true) : Promise.resolve(false);
    },
    goTo: (page) => load(page, state().filter, false),
    reload: () => load(Math.max(1, state().current), state().filter, false),
    reset: (filter = state().filter) => {
      ticket++;
      $list.set(empty(filter));
    },
    edit: (change, totalChange = 0) => {
      edits++;
      const { list, total } = state();
      $list.set({ ...state(), list: change(list), total: Math.max(0, total + totalChange) });
    },
  };
}

/** A list the server answers whole (my applications, my licenses): read as one page that holds all of it. */
export function wholeList<T, F>(read: (filter: F) => Promise<{ result?: T[] | null }>): PagedListOptions<T, F> {
  return {
    size: Infinity,
    read: async (filter) => {
      const list = (await read(filter)).result ?? [];
      return { result: { current: 1, size: list.length, total: list.length, list } };
    },
  };
}

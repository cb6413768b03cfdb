/**
 * What every screen of the admin console shares: a paged list under a filter (a keyword, a
 * status), and actions that say how they went: a toast when done, the server's refusal on the
 * screen when not.
 */
import { atom, map, type MapStore } from 'nanostores';
import type { Envelope, Page } from '../contract/envelope';
import { adminText } from '../i18n/admin.zh-CN';
import { RequestError } from '../lib/request';
import { showToast } from './toast';

export const ADMIN_PAGE_SIZE = 20;

export interface TableState<T, F> {
  filter: F;
  list: T[];
  current: number;
  total: number;
  loading: boolean;
  /** The last read did not get through; what was on screen stays. */
  failed: boolean;
  loaded: boolean;
}

export interface Table<T, F> {
  $table: MapStore<TableState<T, F>>;
  /** The first page under `filter` (or the initial filter), fresh. */
  open: (filter?: F) => Promise<void>;
  goTo: (page: number) => Promise<void>;
  /** The page on screen again, after an action changed it. */
  reload: () => Promise<void>;
}

export function pagedTable<T, F>(initial: F, read: (filter: F, current: number, size: number) => Promise<Envelope<Page<T>>>): Table<T, F> {
  const $table = map<TableState<T, F>>({ filter: initial, list: [], current: 1, total: 0, loading: false, failed: false, loaded: false });
  let ticket = 0;

  async function load(current: number, filter: F): Promise<void> {
    const mine = ++ticket;
    $table.set({ ...$table.get(), filter, loading: true, failed: false });
    try {
      const { result } = await read(filter, current, ADMIN_PAGE_SIZE);
      if (mine !== ticket || !result) return;
      // The last row of the last page went (deleted, or moved by its new state): show the page before.
      const last = Math.max(1, Math.ceil(result.total / ADMIN_PAGE_SIZE));
      if (result.list.length === 0 && current > last) return load(last, filter);
      $table.set({ filter, list: result.list, current, total: result.total, loading: false, failed: false, loaded: true });
    } catch {
      if (mine === ticket) $table.set({ ...$table.get(), loading: false, failed: true });
    }
  }

  return {
    $table,
    open: (filter = initial) => {
      $table.set({ filter, list: [], current: 1, total: 0, loading: false, failed: false, loaded: false });
      return load(1, filter);
    },
    goTo: (page) => load(page, $table.get().filter),
    reload: () => load($table.get().current, $table.get().filter),
  };
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));

/** The rows ticked on a table's page, for an action on several at once. */
export function tableSelection<T extends { id: number }, F>(table: Table<T, F>) {
  const $selection = map<{ ids: number[] }>({ ids: [] });
  return {
    $selection,
    toggle(id: number, selected: boolean): void {
      const { ids } = $selection.get();
      $selection.set({ ids: selected ? [...new Set([...ids, id])] : ids.filter((known) => known !== id) });
    },
    selectAll(selected: boolean): void {
      $selection.set({ ids: selected ? table.$table.get().list.map((row) => row.id) : [] });
    },
    /** Another filter or page shows other rows: nothing stays ticked out of sight. */
    async show(action: () => Promise<void>): Promise<void> {
      $selection.set({ ids: [] });
      await action();
    },
    /** After an action: what it handled is no longer ticked. */
    drop(handled: number[]): void {
      $selection.set({ ids: $selection.get().ids.filter((id) => !handled.includes(id)) });
    },
  };
}

export type TableSelection = ReturnType<typeof tableSelection>;

/** The last refusal on this screen, in the server's words; empty when there is nothing to say. */
export const $adminProblem = atom('');
/** The action under way (e.g. `comment:12`): its buttons wait, and no action runs twice. */
export const $adminBusy = atom<string | null>(null);

function refusal(error: unknown): string | null {
  if (!(error instanceof RequestError)) return adminText.failed;
  // A notice has already said it (a lost session, no permission, a server error).
  if (error.noticed) return null;
  return error.body?.message || adminText.failed;
}

/**
 * Runs one action of the console: `done` is the toast on success (or makes it from the answer).
 * Answers the result, or undefined when it was refused or another action is under way.
 */
export async function adminAction<R>(key: string, call: () => Promise<Envelope<R>>, done: string | ((result: R) => string)): Promise<R | undefined> {
  if ($adminBusy.get() !== null) return undefined;
  $adminBusy.set(key);
  $adminProblem.set('');
  try {
    const { result } = await call();
    showToast(typeof done === 'string' ? done : done(result as R));
    return result as R;
  } catch (error) {
    const message = refusal(error);
    if (message) $adminProblem.set(message);
    return undefined;
  } finally {
    $adminBusy.set(null);
  }
}

/** A screen opens with nothing to report. */
export function clearAdminProblem(): void {
  $adminProblem.set('');
}

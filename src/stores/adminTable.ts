/**
 * What every screen of the admin console shares: a paged list under a filter (a keyword, a
 * status), and actions that say how they went: a toast when done, the server's refusal on the
 * screen when not.
 */
import { atom, map } from 'nanostores';
import type { Envelope } from '../contract/envelope';
import { adminText } from '../i18n/admin.zh-CN';
import { refusalOf } from '../lib/browser/request';
import { pagedList, type PagedList, type PagedListState, type PageRead } from './pagedList';
import { showToast } from './toast';

export const ADMIN_PAGE_SIZE = 20;

export type TableState<T, F> = PagedListState<T, F>;
export type Table<T, F> = PagedList<T, F>;

/** A table of the console: one page at a time (`goTo`), under a filter. */
export function pagedTable<T, F>(initial: F, read: PageRead<T, F>): Table<T, F> {
  return pagedList(initial, { size: ADMIN_PAGE_SIZE, read });
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
      $selection.set({ ids: selected ? table.$list.get().list.map((row) => row.id) : [] });
    },
    /** Another filter or page shows other rows: nothing stays ticked out of sight. */
    async show(action: () => Promise<unknown>): Promise<void> {
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

/**
 * Runs one action of the console: `done` is the toast on success (or makes it from the answer).
 * Answers the result, or undefined when it was refused or another action is under way.
 */
export async function adminAction<R>(
  key: string,
  call: () => Promise<Envelope<R>>,
  done: string | ((result: R) => string),
): Promise<R | undefined> {
  if ($adminBusy.get() !== null) return undefined;
  $adminBusy.set(key);
  $adminProblem.set('');
  try {
    const { result } = await call();
    showToast(typeof done === 'string' ? done : done(result as R));
    return result as R;
  } catch (error) {
    // A notice has already said it (a lost session, no permission, a server error).
    const { message, noticed } = refusalOf(error, adminText.failed);
    if (!noticed) $adminProblem.set(message);
    return undefined;
  } finally {
    $adminBusy.set(null);
  }
}

/** A screen opens with nothing to report. */
export function clearAdminProblem(): void {
  $adminProblem.set('');
}

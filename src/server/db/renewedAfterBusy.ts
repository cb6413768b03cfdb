/**
 * A client whose connections are replaced once one of them has met a held lock.
 *
 * When a statement fails with SQLITE_BUSY (another writer held the lock for the whole busy
 * timeout: a backup, another process), SQLite leaves it in progress so that it can be stepped
 * again, and the libsql binding resets a statement only before running it. Until the garbage
 * collector finalizes it, every COMMIT on that connection fails with "cannot commit transaction -
 * SQL statements in progress". The client's pool hands that connection out again first, so one
 * long wait made every later transaction of the server fail, comments and orders included, until
 * it restarted (tursodatabase/libsql-client-ts#352).
 *
 * So after a call meets the lock, the next calls go to a new client with fresh connections. The
 * old one is not closed: a transaction still open on it keeps its own connection and finishes
 * there; the garbage collector closes the rest.
 */
import type { Client } from '@libsql/client';

/** The client's calls that run statements; the rest (close, sync, …) go to the current client as they are. */
const STATEMENT_CALLS = new Set<PropertyKey>(['execute', 'batch', 'migrate', 'transaction', 'executeMultiple']);

/** SQLITE_BUSY and its extended codes, as the client reports them. */
export const isBusy = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/** A client opened by `open`, opened again after any of its calls fails with SQLITE_BUSY. */
export function renewedAfterBusy(open: () => Client): Client {
  let current = open();
  return new Proxy(current, {
    get(_first, name) {
      const client = current;
      const value: unknown = Reflect.get(client, name, client);
      if (typeof value !== 'function') return value;
      if (!STATEMENT_CALLS.has(name)) return value.bind(client);
      return async (...args: unknown[]) => {
        try {
          return await value.apply(client, args);
        } catch (error) {
          // Calls that failed together renew the client once.
          if (isBusy(error) && client === current) current = open();
          throw error;
        }
      };
    },
  });
}

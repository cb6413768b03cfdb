/**
 * The main thread's client of a database file, whose writes take turns: with each other, and with
 * the group commit's thread (writeTurns.ts).
 *
 * Among themselves: a connection that finds another holding the write lock sleeps in SQLite's busy
 * handler, on the main thread, and the one holding it cannot finish while the thread sleeps. Two
 * transactions of the main thread so met only when one waited for something between its
 * statements; once writes wait for turns with the group commit, several may be let go at once. So
 * they queue here, first come first served, and each waits without blocking. A write that has
 * waited as long as SQLite would have (the busy timeout, or MIN_PATIENCE_MS if that is shorter)
 * goes anyway and meets the lock as before: a write through the client inside a transaction of the
 * same client waits for that transaction, and must fail rather than hang.
 */
import type { Client, Transaction } from '@libsql/client';
import { mainThreadTurn, type WriteTurns } from './writeTurns.ts';

/** How long a write queues at least, however short the busy timeout: a client opened to fail at once on a lock held elsewhere still queues its own writes. */
const MIN_PATIENCE_MS = 1000;

/** Statements that only read, which need no turn (in WAL mode readers never wait for the writer). */
const READS = /^\s*(SELECT|EXPLAIN)\b/i;

const sqlOf = (stmt: unknown): string =>
  typeof stmt === 'string' ? stmt : String((stmt as { sql?: unknown } | null)?.sql ?? '');

/** Whether a call of the client may write: what it waits for a turn for. */
function writes(name: PropertyKey, args: unknown[]): boolean {
  if (name === 'execute') return !READS.test(sqlOf(args[0]));
  if (name === 'batch') return args[1] !== 'read';
  if (name === 'transaction') return args[0] !== 'read';
  return name === 'migrate' || name === 'executeMultiple';
}

/** A first-come-first-served queue: resolves, once the writes before have ended or `patienceMs` has passed, with the call that ends this one's place. */
function writeQueue(patienceMs: number): () => Promise<() => void> {
  let last: Promise<void> = Promise.resolve();
  return () => {
    let leave!: () => void;
    const left = new Promise<void>((resolve) => (leave = resolve));
    const before = last;
    last = before.then(() => left);
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, patienceMs)));
    return Promise.race([before, patience]).then(() => {
      clearTimeout(timer);
      return leave;
    });
  };
}

/** A transaction that ends its turn when it commits, rolls back or closes, however that goes. */
function endingTurn(transaction: Transaction, end: () => void): Transaction {
  return new Proxy(transaction, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      if (name === 'close') {
        return () => {
          try {
            target.close();
          } finally {
            end();
          }
        };
      }
      if (name !== 'commit' && name !== 'rollback') return value.bind(target);
      return async () => {
        try {
          await (value as () => Promise<void>).call(target);
        } finally {
          end();
        }
      };
    },
  });
}

/** The client, each call that may write waiting for its turn and ending it once done (a transaction's, once the transaction has ended). */
export function takingTurns(client: Client, turns: WriteTurns, busyTimeoutMs: number): Client {
  const queue = writeQueue(Math.max(busyTimeoutMs, MIN_PATIENCE_MS));
  const turn = async (): Promise<() => void> => {
    const leave = await queue();
    const end = await mainThreadTurn(turns);
    return () => {
      end();
      leave();
    };
  };
  return new Proxy(client, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      const call = value as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => {
        if (!writes(name, args)) return call.apply(target, args);
        return turn().then(async (end) => {
          let result: unknown;
          try {
            result = await call.apply(target, args);
          } catch (error) {
            end();
            throw error;
          }
          if (name === 'transaction') return endingTurn(result as Transaction, end);
          end();
          return result;
        });
      };
    },
  });
}

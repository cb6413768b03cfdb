/**
 * Group commit: the small writes every reader makes (views, site views, reading time, budgets)
 * wait a moment and are committed together, in one transaction, and each is answered once that
 * transaction is on disk.
 *
 * Why: SQLite syncs the WAL to disk once per commit, and the database runs on the main thread, so
 * one commit per counted request would have the event loop wait on the disk once per reader.
 * A group pays that once for every write that arrived in the same turn of the event loop. Its
 * statements are prepared once, on a connection of its own: preparing a statement costs more than
 * running it. Nothing is acknowledged before its commit, so an acknowledged write survives a crash,
 * a kill -9 and (SQLite's default synchronous mode is kept) a power cut: the speed of counters
 * buffered in memory, without what buffering loses.
 *
 * Each write runs in a savepoint of its own: one that fails is undone and reported to its caller
 * alone, and the rest of the group still commits. A write must only await the statements it is
 * given: anything slower would hold the database's write lock across the wait.
 */
import type { Client, Transaction } from '@libsql/client';
import Database, { type Statement } from 'libsql';
import { BUSY_TIMEOUT_MS, databaseFileOf, type Db } from './client.ts';

export type SqlValue = string | number | null;

/** What a grouped write may do: run statements with `?` parameters. */
export interface Statements {
  run(sql: string, ...args: SqlValue[]): Promise<void>;
  /** The statement's first row (of a SELECT, or of a RETURNING clause). */
  get<Row>(sql: string, ...args: SqlValue[]): Promise<Row | undefined>;
}

export type GroupedWrite<T> = (statements: Statements) => Promise<T>;

interface Waiting {
  write: GroupedWrite<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Where a group's transaction runs: a file's own connection, or the client's for a database served over the network. */
interface Connection {
  transaction<T>(body: (statements: Statements) => Promise<T>): Promise<T>;
}

/** The largest group: a burst is committed in slices, so no transaction holds the loop for long. */
const MAX_GROUP = 256;

export function createGroupCommit(connection: Connection) {
  let waiting: Waiting[] = [];
  let scheduled = false;

  async function commitGroup(group: Waiting[]): Promise<void> {
    let outcomes: PromiseSettledResult<unknown>[];
    try {
      outcomes = await connection.transaction(async (statements) => {
        const settled: PromiseSettledResult<unknown>[] = [];
        for (const { write } of group) {
          await statements.run('SAVEPOINT grouped_write');
          try {
            settled.push({ status: 'fulfilled', value: await write(statements) });
          } catch (reason) {
            await statements.run('ROLLBACK TO grouped_write');
            settled.push({ status: 'rejected', reason });
          }
          await statements.run('RELEASE grouped_write');
        }
        return settled;
      });
    } catch (error) {
      // The commit itself failed: nothing of the group is on disk.
      for (const { reject } of group) setImmediate(() => reject(error));
      return;
    }
    // Each caller goes on in a turn of its own, as it would after a write of its own. Resumed together,
    // one caller's next transaction would be open while the next caller's code runs, and a write of
    // that caller, on another of the client's connections, would wait on the lock without letting
    // the transaction finish: the database's calls block the thread.
    group.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i];
      setImmediate(() => (outcome.status === 'fulfilled' ? resolve(outcome.value) : reject(outcome.reason)));
    });
  }

  async function flush(): Promise<void> {
    while (waiting.length > 0) {
      const group = waiting.slice(0, MAX_GROUP);
      waiting = waiting.slice(group.length);
      await commitGroup(group);
    }
    scheduled = false;
  }

  return {
    /** Runs `write` in the next group and answers with its result once the group has committed. */
    run<T>(write: GroupedWrite<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ write, resolve: resolve as (value: unknown) => void, reject });
        if (scheduled) return;
        scheduled = true;
        // After the I/O of this turn: every request already read joins the group.
        setImmediate(() => void flush());
      });
    },
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;

/** A connection of the group's own to the database file, each statement prepared once. */
function fileConnection(path: string): Connection {
  const database = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  const prepared = new Map<string, Statement>();
  const statement = (sql: string) => {
    let found = prepared.get(sql);
    if (!found) prepared.set(sql, (found = database.prepare(sql)));
    return found;
  };
  const statements: Statements = {
    run: async (sql, ...args) => void statement(sql).run(...args),
    get: async <Row>(sql: string, ...args: SqlValue[]) => statement(sql).get(...args) as Row | undefined,
  };
  return {
    async transaction(body) {
      statement('BEGIN IMMEDIATE').run();
      try {
        const result = await body(statements);
        statement('COMMIT').run();
        return result;
      } catch (error) {
        if (database.inTransaction) statement('ROLLBACK').run();
        throw error;
      }
    },
  };
}

/** A database served over the network: the group runs in one of the client's transactions. */
function clientConnection(client: Client): Connection {
  const over = (tx: Transaction): Statements => ({
    run: async (sql, ...args) => void (await tx.execute({ sql, args })),
    get: async <Row>(sql: string, ...args: SqlValue[]) => (await tx.execute({ sql, args })).rows[0] as Row | undefined,
  });
  return {
    async transaction(body) {
      const tx = await client.transaction('write');
      try {
        const result = await body(over(tx));
        await tx.commit();
        return result;
      } finally {
        tx.close();
      }
    },
  };
}

const groups = new WeakMap<Db, GroupCommit>();

/** The one group commit of a database in this process: every domain's small writes share it. */
export function groupCommitOf(db: Db): GroupCommit {
  let group = groups.get(db);
  if (!group) {
    const file = databaseFileOf(db);
    group = createGroupCommit(file ? fileConnection(file) : clientConnection(db.$client));
    groups.set(db, group);
  }
  return group;
}

/**
 * Group commit: the small writes every reader makes (views, site views, reading time, budgets)
 * wait a moment and are committed together, in one transaction, and each is answered once that
 * transaction is on disk.
 *
 * Why: SQLite syncs the WAL to disk once per commit, so one commit per counted request would have
 * the server wait on the disk once per reader. A group pays that once for every write that arrived
 * in the same moment. Its statements are prepared once, on a connection of its own: preparing a
 * statement costs more than running it. Nothing is acknowledged before its commit, so an
 * acknowledged write survives a crash, a kill -9 and (SQLite's default synchronous mode is kept) a
 * power cut: the speed of counters buffered in memory, without what buffering loses.
 *
 * The calls of a batch (groupedWrites.ts, groupedBatch) run as one within their group: the views
 * of one article in one moment are one upsert of its row.
 *
 * A write that fails is undone and reported to its caller alone, and the rest of the group still
 * commits (see commitGroup). A write must only await the statements it is given: anything slower
 * would hold the database's write lock across the wait.
 *
 * This module is the mechanism. Which thread runs it is groupCommitOf.ts's choice, and the writes
 * it runs are declared by their domains (groupedWrites.ts).
 */
import type { Client, Transaction } from '@libsql/client';
import Database, { type Statement } from 'libsql';

export type SqlValue = string | number | null;

/** What a grouped write may do: run statements with `?` parameters. */
export interface Statements {
  run(sql: string, ...args: SqlValue[]): Promise<void>;
  /** The statement's first row (of a SELECT, or of a RETURNING clause). */
  get<Row>(sql: string, ...args: SqlValue[]): Promise<Row | undefined>;
  /** Every row of the statement. */
  all<Row>(sql: string, ...args: SqlValue[]): Promise<Row[]>;
}

export type WriteBody<T> = (statements: Statements) => Promise<T>;

/** Runs the calls of one group together, what each came to in their order (groupedWrites.ts, groupedBatch). */
export type BatchBody = (statements: Statements, calls: readonly unknown[][]) => Promise<unknown[]>;

/** A write as a group holds it: its body, and whether it may run beside the others (groupedWrites.ts). */
export interface GroupMember<T = unknown> {
  body: WriteBody<T>;
  sideBySide: boolean;
  /** A write whose calls of one group run as one: its batch, and this call's arguments. */
  batch?: { run: BatchBody; args: unknown[] };
}

/** Where a group's transaction runs: a file's own connection, or the client's for a database served over the network. */
export interface Connection {
  transaction<T>(body: (statements: Statements) => Promise<T>): Promise<T>;
  /** Whether an error cancelled the whole transaction, which the connection then runs again (PostgreSQL's conflicts): not the write's fault. */
  isTransient?(error: unknown): boolean;
  /**
   * Whether the group's writes run side by side rather than one after another: on a connection that
   * sends statements without waiting for the answers before (PostgreSQL's pipeline mode), each
   * round of their statements then costs one round trip for the whole group.
   */
  writesSideBySide?: boolean;
  close(): void;
}

/** The largest group: a burst is committed in slices, so no transaction holds the write lock for long. */
export const MAX_GROUP = 256;

/** Thrown out of a group's first attempt when one of its writes fails: the group is then run again, write by write. */
const WRITE_FAILED = Symbol('a grouped write failed');

const rejectedAll = (writes: readonly unknown[], reason: unknown): PromiseSettledResult<unknown>[] =>
  writes.map(() => ({ status: 'rejected', reason }));

/** What runs: one write, or every call of a batch, which answers for the members at `at`. */
interface Run {
  at: number[];
  sideBySide: boolean;
  body: WriteBody<unknown[]>;
}

/** The group's runs, in the order of their first members: a batch's calls join its first. */
function runsOf(writes: readonly GroupMember[]): Run[] {
  const runs: Run[] = [];
  const batches = new Map<BatchBody, { run: Run; calls: unknown[][] }>();
  writes.forEach(({ body, sideBySide, batch }, i) => {
    const joined = batch && batches.get(batch.run);
    if (joined) {
      joined.run.at.push(i);
      joined.calls.push(batch.args);
    } else if (batch) {
      const calls = [batch.args];
      const run: Run = { at: [i], sideBySide, body: (statements) => batch.run(statements, calls) };
      batches.set(batch.run, { run, calls });
      runs.push(run);
    } else {
      runs.push({ at: [i], sideBySide, body: async (statements) => [await body(statements)] });
    }
  });
  return runs;
}

/**
 * Runs the writes, stopping at the first failure, what each came to in their order. On a connection
 * that runs writes side by side, those that may go first, all at once; the others after, in order.
 */
async function runAll(
  connection: Connection,
  writes: readonly GroupMember[],
  statements: Statements,
): Promise<PromiseSettledResult<unknown>[]> {
  const runs = runsOf(writes);
  const settled: PromiseSettledResult<unknown>[] = [];
  const settle = ({ at }: Run, outcome: PromiseSettledResult<unknown[]>) =>
    at.forEach((i, k) =>
      outcome.status === 'fulfilled'
        ? (settled[i] = { status: 'fulfilled', value: outcome.value[k] })
        : (settled[i] = outcome),
    );
  const together = connection.writesSideBySide ? runs.filter((run) => run.sideBySide) : [];
  const outcomes = await Promise.allSettled(together.map((run) => run.body(statements)));
  together.forEach((run, k) => settle(run, outcomes[k]));
  if (outcomes.some((outcome) => outcome.status === 'rejected')) return settled.filter(Boolean);
  const ran = new Set(together);
  for (const run of runs) {
    if (ran.has(run)) continue;
    try {
      settle(run, { status: 'fulfilled', value: await run.body(statements) });
    } catch (reason) {
      settle(run, { status: 'rejected', reason });
      break;
    }
  }
  return settled;
}

/**
 * Runs a group's writes in one transaction; what each came to, or the commit's error for all.
 *
 * The group is taken (`take`, called once) when its transaction has begun: on PostgreSQL, where a
 * node waits there for the other nodes' groups (postgres.ts), whatever arrives meanwhile joins it.
 *
 * A write almost never fails, so the group first runs bare: a savepoint around every write would
 * double the statements each one costs. Only if a write fails is that transaction rolled back and
 * the group run again with a savepoint per write, so the failing one is undone alone.
 */
export async function commitGroup(
  connection: Connection,
  take: () => readonly GroupMember[],
): Promise<PromiseSettledResult<unknown>[]> {
  let taken: readonly GroupMember[] | undefined;
  const writes = () => (taken ??= take());
  try {
    return await connection.transaction(async (statements) => {
      const settled = await runAll(connection, writes(), statements);
      const reasons = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      // Side by side, the writes after the first failure fail only because the transaction is cancelled.
      const transient = reasons.find((reason) => connection.isTransient?.(reason));
      if (transient) throw transient;
      if (reasons.length > 0) throw WRITE_FAILED;
      return settled;
    });
  } catch (error) {
    // The transaction itself failed (the lock, the disk): nothing of the group is on disk.
    if (error !== WRITE_FAILED) return rejectedAll(writes(), error);
  }
  try {
    return await connection.transaction(async (statements) => {
      const settled: PromiseSettledResult<unknown>[] = [];
      for (const write of writes()) {
        await statements.run('SAVEPOINT grouped_write');
        try {
          settled.push({ status: 'fulfilled', value: await write.body(statements) });
        } catch (reason) {
          if (connection.isTransient?.(reason)) throw reason;
          await statements.run('ROLLBACK TO grouped_write');
          settled.push({ status: 'rejected', reason });
        }
        await statements.run('RELEASE grouped_write');
      }
      return settled;
    });
  } catch (error) {
    return rejectedAll(writes(), error);
  }
}

/** Groups the writes of one turn of the event loop, in this thread. */
export function createGroupCommit(connection: Connection) {
  let waiting: (GroupMember & { resolve: (value: unknown) => void; reject: (error: unknown) => void })[] = [];
  let flushing: Promise<void> | null = null;

  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  async function flush(): Promise<void> {
    do {
      while (waiting.length > 0) {
        let group: typeof waiting = [];
        const outcomes = await commitGroup(connection, () => {
          group = waiting.slice(0, MAX_GROUP);
          waiting = waiting.slice(group.length);
          return group;
        });
        // Each caller goes on in a turn of its own, as it would after a write of its own (see groupCommitOf.ts).
        group.forEach(({ resolve, reject }, i) => {
          const outcome = outcomes[i];
          setImmediate(() => (outcome.status === 'fulfilled' ? resolve(outcome.value) : reject(outcome.reason)));
        });
      }
      // The callers resume in the turns just queued: whoever waits for the group goes on after them.
      await nextTurn();
    } while (waiting.length > 0);
    flushing = null;
  }

  return {
    /** Runs the write in the next group and answers with its result once the group has committed. */
    run<T>(member: GroupMember<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ ...member, resolve: resolve as (value: unknown) => void, reject });
        // After the I/O of this turn: every request already read joins the group.
        flushing ??= nextTurn().then(flush);
      });
    },
    /** Once every write asked for so far is answered. */
    settled: async (): Promise<void> => {
      while (flushing) await flushing;
    },
  };
}

/** A connection of the group's own to the database file, each statement prepared once. */
export function fileConnection(path: string, busyTimeoutMs: number): Connection {
  const database = new Database(path, { timeout: busyTimeoutMs });
  const prepared = new Map<string, Statement>();
  const statement = (sql: string) => {
    let found = prepared.get(sql);
    if (!found) prepared.set(sql, (found = database.prepare(sql)));
    return found;
  };
  const statements: Statements = {
    run: async (sql, ...args) => void statement(sql).run(...args),
    get: async <Row>(sql: string, ...args: SqlValue[]) => statement(sql).get(...args) as Row | undefined,
    all: async <Row>(sql: string, ...args: SqlValue[]) => statement(sql).all(...args) as Row[],
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
    close: () => database.close(),
  };
}

/** A database served over the network (or in memory): the group runs in one of the client's transactions. */
export function clientConnection(client: Client): Connection {
  const over = (tx: Transaction): Statements => ({
    run: async (sql, ...args) => void (await tx.execute({ sql, args })),
    get: async <Row>(sql: string, ...args: SqlValue[]) => (await tx.execute({ sql, args })).rows[0] as Row | undefined,
    all: async <Row>(sql: string, ...args: SqlValue[]) => (await tx.execute({ sql, args })).rows as Row[],
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
    // The client is the database's own, closed with it.
    close: () => {},
  };
}

/**
 * The PostgreSQL engine: a `pg` pool, drizzle over the pg-core tables (schema.pg.ts), its own
 * migrations (drizzle-pg/), and what the SQLite engine got from having one writer.
 *
 * - **Transactions are SERIALIZABLE and retried.** Rules that read and then write in one transaction
 *   (an order's payment and its code, activations against the machine limit, the upload quota)
 *   were strict on SQLite because only one transaction wrote at a time. SERIALIZABLE promises the
 *   same: the outcome of some one-at-a-time order. The price is that PostgreSQL may cancel a
 *   transaction that conflicts with another (40001, or a deadlock, 40P01); it is then run again.
 * - **Grouped writes** (groupCommit.ts) run in one transaction per group, one group at a time across
 *   every node (GROUPS_LOCK), on a connection of their own in pipeline mode: the writes of a group
 *   run side by side, so each round of their statements is sent at once and costs one round trip,
 *   not one per reader. A batch's calls (groupedWrites.ts, groupedBatch) are one statement for the
 *   whole group. They are upserts and updates, which READ COMMITTED makes atomic row by row, and
 *   reads that lock their row first (users/loginFailures.ts).
 * - **Several nodes start at once:** migrations run under an advisory lock, so one applies them and
 *   the others find them applied.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Connection, SqlValue, Statements } from './groupCommit.ts';
import * as schema from './schema.pg.ts';
import { sqlStateOf } from './sqlState.ts';

const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../drizzle-pg');

/** Connections per node, besides the grouped writes' one: a 1-core node gains nothing from more, and ten nodes stay under PostgreSQL's default of 100. */
export const POOL_SIZE = 8;

/** How long a query waits for a free connection, or for the server to answer a new one. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Tries of a transaction PostgreSQL cancelled for a conflict, before its error reaches the caller.
 * A burst of the same rule (fifty buyers at once) conflicts round after round while the tables are
 * small enough to be read whole; PostgreSQL lets at least one of each conflict commit.
 */
const MAX_TRIES = 20;

/** The advisory lock the nodes' migrations take turns at (any constant of our own). */
const MIGRATION_LOCK = 0x6d656e67;

/**
 * The advisory lock every group takes first, on every node: groups commit one at a time, as on
 * SQLite. Each holds row locks in the order its writes came (and every counted view also locks the
 * day's row in daily_views, by trigger); two at once would lock two articles in opposite orders and
 * deadlock, a second's wait each time. Every group touches that day's row anyway, so they would wait
 * for each other regardless.
 */
const GROUPS_LOCK = 0x67726f75;

/** Serialization failure and deadlock: PostgreSQL cancelled the transaction, and running it again is right. */
const TRANSIENT = new Set(['40001', '40P01']);

export const isTransient = (error: unknown): boolean => TRANSIENT.has(sqlStateOf(error) ?? '');

/** A short random wait before the next try, so two cancelled transactions do not meet again. */
const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(500, 5 * 2 ** attempt)));

/** Runs `attempt` until it ends without a conflict, at most MAX_TRIES times. */
export async function retryingConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransient(error) || tries >= MAX_TRIES) throw error;
      await backOff(tries);
    }
  }
}

/** int8 (counts, bigint columns) as a number: every value here is far below 2^53. */
export const int8AsNumber = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * SQLite's placeholders in PostgreSQL's: `?N` is `$N`, and a bare `?` is one more than the largest
 * number so far, as SQLite counts them. Grouped writes keep one text for both engines.
 */
export function numberedPlaceholders(text: string): string {
  let largest = 0;
  return text.replace(/\?(\d*)/g, (_, digits: string) => {
    const n = digits ? Number(digits) : largest + 1;
    largest = Math.max(largest, n);
    return `$${n}`;
  });
}

/**
 * The grouped writes' few statements, each prepared once per connection under a name of its own:
 * PostgreSQL then plans a counted view's upsert once, not on every view.
 */
const preparedNames = new Map<string, { name: string; text: string }>();
const prepared = (text: string) => {
  let found = preparedNames.get(text);
  if (!found)
    preparedNames.set(text, (found = { name: `grouped_${preparedNames.size}`, text: numberedPlaceholders(text) }));
  return found;
};

function statementsOn(client: pg.PoolClient): Statements {
  const query = (text: string, args: SqlValue[]) =>
    client.query({ ...prepared(text), values: args, types: int8AsNumber });
  return {
    run: async (text, ...args) => void (await query(text, args)),
    get: async <Row>(text: string, ...args: SqlValue[]) => (await query(text, args)).rows[0] as Row | undefined,
    all: async <Row>(text: string, ...args: SqlValue[]) => (await query(text, args)).rows as Row[],
  };
}

/**
 * Where a group's transaction runs on PostgreSQL: the groups' own pipelined connection, the group
 * retried if PostgreSQL cancels it.
 *
 * Why pipelined: every group of every node holds GROUPS_LOCK (and the counted article's row) from
 * its first statement to its commit, so the counting of the whole site goes as fast as a group's
 * round trips. One by one, a group of a hundred views is three hundred of them; side by side, its
 * writes' first statements go in one message, their second in the next: three.
 */
export function postgresConnection(pool: pg.Pool): Connection {
  return {
    transaction: (body) =>
      retryingConflicts(async () => {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          // Sent together: the lock is asked for in the same round trip as the transaction.
          await Promise.all([client.query('BEGIN'), client.query('SELECT pg_advisory_xact_lock($1)', [GROUPS_LOCK])]);
          const result = await body(statementsOn(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch((failed: Error) => (broken = failed));
          throw error;
        } finally {
          client.release(broken);
        }
      }),
    isTransient,
    writesSideBySide: true,
    // The pool is the database's own, closed with it.
    close: () => {},
  };
}

function openPostgresPool(url: string, options: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    ...options,
    idleTimeoutMillis: 30_000,
    // A request waits this long for a connection at most, then is told the database is busy.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A restart of the server ends every connection. An idle one is dropped by the pool; one that is
  // checked out (between a transaction's statements) reports it on itself, and its next query fails.
  // Either way the pool opens new ones when asked: the error must not end the process.
  const lost = (error: Error) => console.warn(`与 PostgreSQL 的一条连接断开了（${error.message}），将自动重连`);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

/** Drizzle over the pool, every transaction serializable and retried on a conflict. */
function drizzleOverPool(pool: pg.Pool) {
  const db = drizzle(pool, { schema });
  const transaction = db.transaction.bind(db);
  db.transaction = (body, config) =>
    retryingConflicts(() => transaction(body, { isolationLevel: 'serializable', ...config }));
  return db;
}

export type PostgresDb = ReturnType<typeof drizzleOverPool>;

/**
 * Applies the migrations not applied yet, one node at a time: the lock is held by a transaction
 * kept open on a connection of its own until they are done, so it holds behind PgBouncer's
 * transaction pooling too.
 */
async function migratePostgres(db: PostgresDb, pool: pg.Pool): Promise<void> {
  const lock = await pool.connect();
  let broken: Error | undefined;
  try {
    await lock.query('BEGIN');
    await lock.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    await lock.query('COMMIT');
  } catch (error) {
    await lock.query('ROLLBACK').catch((failed: Error) => (broken = failed));
    throw error;
  } finally {
    lock.release(broken);
  }
}

export interface PostgresDatabase {
  pool: pg.Pool;
  db: PostgresDb;
  migrate(): Promise<void>;
  /** Where grouped writes run (groupCommit.ts). */
  groupConnection: Connection;
  /** Ends both pools' connections. */
  close(): Promise<void>;
}

export function openPostgresDatabase(url: string): PostgresDatabase {
  const pool = openPostgresPool(url, { max: POOL_SIZE });
  // A pool of one: it opens the connection again after a restart of the server.
  const groupsPool = openPostgresPool(url, { max: 1, pipeline: true });
  const db = drizzleOverPool(pool);
  return {
    pool,
    db,
    migrate: () => migratePostgres(db, pool),
    groupConnection: postgresConnection(groupsPool),
    close: async () => void (await Promise.all([pool.end(), groupsPool.end()])),
  };
}

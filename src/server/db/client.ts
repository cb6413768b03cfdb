import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineOfUrl, PROCESS_ENGINE } from './engine.ts';
import type { PostgresDatabase } from './postgres.ts';
import { sqlStateOf } from './sqlState.ts';
import { renewedAfterBusy } from './renewedAfterBusy.ts';
import { takingTurns } from './turnTakingClient.ts';
import { createWriteTurns, type WriteTurns } from './writeTurns.ts';
import * as schema from './schema.sqlite.ts';

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
/** A transaction, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction on it: what a query that may run inside a transaction takes. */
export type Executor = Db | Tx;

export const BUSY_TIMEOUT_MS = 5000;
export const DEFAULT_DATABASE_URL = 'file:./data/blog.db';
const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface DatabaseSettings {
  url: string;
  /** For a remote libsql server. */
  authToken?: string;
}

/** `DATABASE_URL` (default the project's SQLite file) and `DATABASE_AUTH_TOKEN`. */
export function databaseSettings(env: Record<string, string | undefined>): DatabaseSettings {
  return { url: env.DATABASE_URL || DEFAULT_DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN || undefined };
}

/** The path behind a `file:` URL (`file:///abs` or `file:rel`); null for a database served over the network. */
export function databaseFilePath(url: string): string | null {
  return url.startsWith('file:') ? url.slice('file:'.length).replace(/^\/\/(?=\/)/, '') : null;
}

/**
 * The database holds password hashes, sessions and orders: a new one is made readable by its owner
 * alone (0600, in a 0700 folder). SQLite gives its WAL and shared-memory files the database's own
 * permissions. An existing file keeps the permissions the owner chose.
 */
function createPrivately(file: string): void {
  if (!existsSync(dirname(file))) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
}

/** A warning when other users of the machine can read the database's folder, or null. */
export function exposedDataWarning(url: string): string | null {
  const path = databaseFilePath(url);
  if (!path || path === ':memory:' || !existsSync(path)) return null;
  const dir = dirname(resolve(path));
  const readable = (statSync(dir).mode & 0o007) !== 0 || (statSync(path).mode & 0o007) !== 0;
  return readable
    ? `警告：其他用户可以读取数据库所在的目录或文件（${dir}），里面有密码哈希和会话。建议运行 chmod 700 ${dir} && chmod 600 ${resolve(path)}*`
    : null;
}

const postgresDatabases = new WeakMap<Db, PostgresDatabase>();

/** The pool and drizzle of a database on PostgreSQL; null on SQLite. */
export const postgresOf = (db: Db): PostgresDatabase | null => postgresDatabases.get(db) ?? null;

/** Loaded only on PostgreSQL: a SQLite server never loads the pg driver. */
async function openPostgres(url: string): Promise<Db> {
  const { openPostgresDatabase } = await import('./postgres.ts');
  const postgres = openPostgresDatabase(url);
  // The domains are written once, against the SQLite tables' types. On this engine schema.ts hands
  // them the pg-core tables, whose rows tests/unit/pgSchema.test.ts holds equal, and the query
  // builders they call exist on both.
  const db = postgres.db as unknown as Db;
  postgresDatabases.set(db, postgres);
  return db;
}

/** Opens the database: the embedded SQLite file by default, PostgreSQL for a `postgres://` URL, or a libsql/sqld server. */
export async function openDb(
  url = DEFAULT_DATABASE_URL,
  authToken?: string,
  busyTimeoutMs = BUSY_TIMEOUT_MS,
): Promise<Db> {
  if (engineOfUrl(url) !== PROCESS_ENGINE) {
    throw new Error(
      `数据库地址 ${engineOfUrl(url)} 与本进程启动时的 DATABASE_URL（${PROCESS_ENGINE}）不是同一种数据库`,
    );
  }
  if (PROCESS_ENGINE === 'postgres') return openPostgres(url);
  const path = databaseFilePath(url);
  const isFile = path !== null;
  const onDisk = path !== null && path !== ':memory:';
  if (onDisk) createPrivately(resolve(path));
  // The client pools connections; `timeout` is the busy timeout each of them gets, so a
  // writer waits for another instead of failing with SQLITE_BUSY. A connection that waited in
  // vain cannot commit any more: the client is then opened again (renewedAfterBusy.ts).
  const open = () => createClient({ url, authToken, timeout: busyTimeoutMs });
  // A file's writes on this thread take turns, with each other and with the group commit's thread, instead of sleeping on the lock (turnTakingClient.ts).
  const turns = createWriteTurns();
  const client = onDisk ? takingTurns(renewedAfterBusy(open), turns, busyTimeoutMs) : open();
  // WAL is stored in the file itself: readers then run beside the writer.
  if (isFile) await client.execute('PRAGMA journal_mode = WAL');
  const db = drizzle(client, { schema }) as Db;
  if (onDisk) files.set(db, { file: resolve(path), busyTimeoutMs, turns });
  return db;
}

/** A database file as it was opened: where it is, how long its connections wait for the write lock, and the turns this process's writers take at it. */
export interface DatabaseFile {
  file: string;
  busyTimeoutMs: number;
  turns: WriteTurns;
}

const files = new WeakMap<Db, DatabaseFile>();

/** The file of a database opened from one (not in memory, not over the network), for a connection of one's own. */
export const databaseFileOf = (db: Db): DatabaseFile | null => files.get(db) ?? null;

/** Applies the committed migrations that have not run yet; a second start is a no-op. */
export async function migrateDb(db: Db): Promise<void> {
  const postgres = postgresOf(db);
  if (postgres) await postgres.migrate();
  else await migrate(db, { migrationsFolder: MIGRATIONS });
}

/** Closes the database's connections. */
export async function closeDb(db: Db): Promise<void> {
  const postgres = postgresOf(db);
  if (postgres) await postgres.close();
  else db.$client.close();
}

/** Whether a write failed on a unique index: the database, not an earlier read, decides a race for one name or address. */
export function isUniqueViolation(error: unknown): boolean {
  if (sqlStateOf(error) === '23505') return true;
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { message?: unknown } };
  return /UNIQUE/.test(`${String(message)} ${String(cause?.message ?? cause ?? '')}`);
}

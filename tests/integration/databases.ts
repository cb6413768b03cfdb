/**
 * The database a test's server runs on: a new SQLite file, or in the `postgres` project a new
 * database on the run's private PostgreSQL (postgresSetup.ts). Tests read and write it from
 * outside the API with `sqlOn`, in SQLite's `?` placeholders on both engines.
 */
import { createClient, type InValue, type Row } from '@libsql/client';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { int8AsNumber, numberedPlaceholders } from '../../src/server/db/postgres';
import { createDatabaseOn } from '../../scripts/lib/privatePostgres';

/** The engine of this test project. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = inject('postgres') ? 'postgres' : 'sqlite';

/** A URL to a new, empty database: a file in `dir`, or a database of its own on the private PostgreSQL. */
export async function newDatabaseUrl(dir: string): Promise<string> {
  const server = inject('postgres');
  if (!server) return `file:${join(dir, 'blog.db')}`;
  return createDatabaseOn(server, `blog_${randomBytes(6).toString('hex')}`);
}

/** A value as SQLite stores it: its timestamps are whole seconds and its booleans 0 and 1. */
const asSqliteStores = (value: unknown): unknown =>
  value instanceof Date ? Math.floor(+value / 1000) : typeof value === 'boolean' ? Number(value) : value;

/**
 * Runs one statement on the database at `url`, on a connection of its own. Timestamps go in as
 * Dates, and every row comes back as SQLite has it (timestamps in seconds, booleans 0 and 1), so a
 * test reads the same on both engines.
 */
export async function sqlOn(url: string, statement: string, args: (InValue | Date)[] = []): Promise<Row[]> {
  if (url.startsWith('file:')) {
    // Waits for the server's writers as the server's own connections do (5 s): without a busy timeout,
    // a check that meets the server mid-commit fails with SQLITE_BUSY.
    const db = createClient({ url, timeout: 5000 });
    try {
      return (await db.execute({ sql: statement, args: args.map(asSqliteStores) as InValue[] })).rows;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url, types: int8AsNumber });
  await client.connect();
  try {
    const { rows } = await client.query(numberedPlaceholders(statement), args);
    return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, asSqliteStores(v)]))) as Row[];
  } finally {
    await client.end();
  }
}

/** `column` moved `?` seconds back: PostgreSQL's timestamptz takes an interval, SQLite's seconds a number. */
export const secondsEarlier = (column: string) =>
  TEST_ENGINE === 'postgres' ? `${column} - make_interval(secs => ?)` : `${column} - ?`;

/** The time `seconds` from now (earlier when negative), as a Date argument for `sqlOn` on either engine. */
export const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000);

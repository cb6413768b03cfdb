import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.ts';

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

const BUSY_TIMEOUT_MS = 5000;
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

/** Opens the database: the embedded SQLite file by default, or a libsql/sqld server by URL. */
export async function openDb(url = DEFAULT_DATABASE_URL, authToken?: string): Promise<Db> {
  const path = databaseFilePath(url);
  const isFile = path !== null;
  if (path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  // The client pools connections; `timeout` is the busy timeout each of them gets, so a
  // writer waits for another instead of failing with SQLITE_BUSY.
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  // WAL is stored in the file itself: readers then run beside the writer.
  if (isFile) await client.execute('PRAGMA journal_mode = WAL');
  return drizzle(client, { schema }) as Db;
}

/** Applies the committed migrations that have not run yet; a second start is a no-op. */
export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS });
}

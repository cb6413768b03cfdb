/**
 * Several nodes starting at the same moment on an empty PostgreSQL database: one applies the
 * migrations while the others wait for its lock, then find them applied. Four migrations are run at
 * once here, in one process, so that they truly meet. PostgreSQL only: SQLite's migrations take its
 * single write lock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import journal from '../../drizzle-pg/meta/_journal.json' with { type: 'json' };
import { newDatabaseUrl, sqlOn } from './databases';

const dir = mkdtempSync(join(tmpdir(), 'blog-pg-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('migrates an empty database once when several nodes start together', async () => {
  const url = await newDatabaseUrl(dir);
  // The engine is read from DATABASE_URL when the database modules load (src/server/db/engine.ts).
  process.env.DATABASE_URL = url;
  const { closeDb, migrateDb, openDb } = await import('../../src/server/db/client');
  const nodes = await Promise.all(Array.from({ length: 4 }, () => openDb(url)));
  try {
    await Promise.all(nodes.map((db) => migrateDb(db)));
  } finally {
    await Promise.all(nodes.map((db) => closeDb(db)));
  }
  const [applied] = await sqlOn(url, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
  expect(applied.n).toBe(journal.entries.length);
  const [tables] = await sqlOn(url, "SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'");
  expect(tables.n).toBe(28);
});

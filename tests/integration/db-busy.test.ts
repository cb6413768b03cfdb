/** The server's database client over a real file, when another process holds the write lock longer than the busy timeout. */
import Database from 'libsql';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countHit } from '../../src/server/budgets/table';
import { migrateDb, openDb, type Db } from '../../src/server/db/client';
import { fileConnection } from '../../src/server/db/groupCommit';
import { groupCommitOf } from '../../src/server/db/groupCommitOf';
import { isBusy } from '../../src/server/db/renewedAfterBusy';

const BUSY_TIMEOUT_MS = 50;

let dir: string;
let file: string;
let db: Db;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-db-busy-'));
  file = join(dir, 'blog.db');
  db = await openDb(`file:${file}`, undefined, BUSY_TIMEOUT_MS);
  await db.run(sql`CREATE TABLE notes (body TEXT NOT NULL)`);
});

afterEach(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Another process's write transaction, open until `release` is called. */
function holdWriteLock() {
  const other = new Database(file);
  other.exec('BEGIN IMMEDIATE');
  return () => {
    other.exec('COMMIT');
    other.close();
  };
}

/** Drizzle reports a failed query with the driver's error, coded SQLITE_BUSY, as its cause (what the API's error handler looks for). */
async function expectBusy(call: Promise<unknown>) {
  const error = (await call.then(
    () => null,
    (reason: unknown) => reason,
  )) as { cause?: unknown } | null;
  expect(isBusy(error) || isBusy(error?.cause)).toBe(true);
}

const count = async () => (await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM notes`))[0].n;

describe('a write that waited for the lock in vain', () => {
  it('fails alone: once the lock is free, transactions and single writes commit again', async () => {
    const release = holdWriteLock();
    await expectBusy(db.run(sql`INSERT INTO notes VALUES ('while locked')`));
    await expectBusy(db.transaction(async (tx) => tx.run(sql`INSERT INTO notes VALUES ('in a locked transaction')`)));
    release();

    // Before: the connection the failed statement was left on came back first, and no COMMIT on it succeeded.
    for (const body of ['first', 'second', 'third'])
      await db.transaction(async (tx) => tx.run(sql`INSERT INTO notes VALUES (${body})`));
    await db.batch([
      db.run(sql`INSERT INTO notes VALUES ('batched')`),
      db.run(sql`INSERT INTO notes VALUES ('batched too')`),
    ]);
    await db.run(sql`INSERT INTO notes VALUES ('single')`);
    expect(await count()).toBe(6);
  });

  it('leaves a transaction open on the client it replaces to finish there', async () => {
    const open = await db.$client.transaction('write');
    await open.execute("INSERT INTO notes VALUES ('opened first')");
    // The open transaction holds the lock: a write beside it waits in vain, and the client is opened again.
    await expectBusy(db.run(sql`INSERT INTO notes VALUES ('meanwhile')`));
    await open.execute("INSERT INTO notes VALUES ('still in the transaction')");
    await open.commit();
    await db.transaction(async (tx) => tx.run(sql`INSERT INTO notes VALUES ('after')`));
    expect(await count()).toBe(3);
  });
});

describe("the group commit's own connection", () => {
  it('commits again once the lock it waited for in vain is free: its statements are prepared once and reset before each run', async () => {
    const connection = fileConnection(file, BUSY_TIMEOUT_MS);
    const release = holdWriteLock();
    await expect(
      connection.transaction((statements) => statements.run("INSERT INTO notes VALUES ('while locked')")),
    ).rejects.toThrow(/SQLITE_BUSY|locked/);
    release();
    for (const body of ['first', 'second'])
      await connection.transaction((statements) => statements.run('INSERT INTO notes VALUES (?)', body));
    connection.close();
    expect(await count()).toBe(2);
  });
});

describe("the group commit's thread", () => {
  it("answers a write that waited in vain with the database's busy error, code and all, and commits the next once the lock is free", async () => {
    await migrateDb(db);
    const commit = groupCommitOf(db);
    try {
      const release = holdWriteLock();
      // The thread waits as long as the database's own connections do (BUSY_TIMEOUT_MS here), then the error crosses back.
      const error = await commit.run(countHit, 'locked', 60_000).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isBusy(error)).toBe(true);
      expect((error as Error).message).toMatch(/locked|busy/i);
      release();
      await expect(commit.run(countHit, 'locked', 60_000)).resolves.toMatchObject({ hits: 1 });
    } finally {
      await commit.close();
    }
  });
});

/** The group commit over a real database file: its writes run in a thread of their own and answer only once committed. */
import Database from 'libsql';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countArticleReading, countArticleView } from '../../src/server/articles/counted';
import { countHit } from '../../src/server/budgets/table';
import { BUSY_TIMEOUT_MS, databaseFileOf, migrateDb, openDb, type Db } from '../../src/server/db/client';
import { sql } from 'drizzle-orm';
import { groupCommitOf } from '../../src/server/db/groupCommitOf';
import { likeComment } from '../../src/server/comments/counted';
import { likeMessage } from '../../src/server/messages/counted';

let dir: string;
let file: string;
let db: Db;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-group-commit-'));
  file = join(dir, 'blog.db');
  db = await openDb(`file:${file}`);
  await migrateDb(db);
});

afterEach(async () => {
  await groupCommitOf(db).close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The rows as another connection finds them: what is on disk. */
function hitsOnDisk(key: string): number | undefined {
  const reader = new Database(file);
  const row = reader.prepare('SELECT hits FROM rate_limits WHERE key = ?').get(key) as { hits: number } | undefined;
  reader.close();
  return row?.hits;
}

describe('group commit', () => {
  it('answers every write of a burst with its own result, each counted once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => groupCommitOf(db).run(countHit, 'burst', 60_000)),
    );
    expect(answers.map((answer) => answer.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 300 }, (_, i) => i + 1),
    );
    expect(hitsOnDisk('burst')).toBe(300);
  });

  it('waits for the write lock in its own thread: this one goes on, and the write lands once the lock is free', async () => {
    const other = new Database(file, { timeout: 5000 });
    other.exec('BEGIN IMMEDIATE');
    other.prepare("INSERT INTO rate_limits (key, hits, reset_at) VALUES ('other', 1, 0)").run();
    const write = groupCommitOf(db).run(countHit, 'waiting', 60_000);
    // Were the group's statements run in this thread, it would sit in SQLite's busy wait and this timer would not run before the write failed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hitsOnDisk('waiting')).toBeUndefined();
    other.exec('COMMIT');
    other.close();
    await expect(write).resolves.toMatchObject({ hits: 1 });
    expect(hitsOnDisk('other')).toBe(1);
  });

  it('reports a failing write to its caller alone, with its message; the rest of the group commits', async () => {
    const commit = groupCommitOf(db);
    const [before, failing, after] = await Promise.allSettled([
      commit.run(countHit, 'neighbour', 60_000),
      commit.run(countArticleView, null as never, 7),
      commit.run(countHit, 'neighbour', 60_000),
    ]);
    expect(before).toMatchObject({ status: 'fulfilled', value: { hits: 1 } });
    expect(after).toMatchObject({ status: 'fulfilled', value: { hits: 2 } });
    expect(failing.status).toBe('rejected');
    expect((failing as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect(String((failing as PromiseRejectedResult).reason.message)).toMatch(/null/);
    expect(hitsOnDisk('neighbour')).toBe(2);
  });

  it('undoes all of a write that fails after it has written, and only that write', async () => {
    const commit = groupCommitOf(db);
    const quota = { key: 'partial', max: 10, windowMs: 60_000 };
    const [before, failing, after] = await Promise.allSettled([
      commit.run(countHit, quota.key, quota.windowMs),
      // Spends the quota, then breaks the counter's NOT NULL column.
      commit.run(countArticleReading, quota, 7, null as never),
      commit.run(countHit, quota.key, quota.windowMs),
    ]);
    expect(failing.status).toBe('rejected');
    expect(before).toMatchObject({ status: 'fulfilled', value: { hits: 1 } });
    expect(after).toMatchObject({ status: 'fulfilled', value: { hits: 2 } });
    expect(hitsOnDisk(quota.key)).toBe(2);
  });

  it('counts views only within their quota, which the count reads in its own statement', async () => {
    const quota = { key: 'views:one-reader', max: 3, windowMs: 60_000 };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => groupCommitOf(db).run(countArticleView, quota, 41)),
    );
    expect(answers.map((answer) => answer.views).sort()).toEqual([1, 2, 3, 3, 3, 3, 3, 3]);
    expect(hitsOnDisk(quota.key)).toBe(8);
  });

  it('closes only once every write asked for is answered and on disk', async () => {
    const commit = groupCommitOf(db);
    const answered: number[] = [];
    const writes = Array.from({ length: 20 }, () =>
      commit.run(countHit, 'closing', 60_000).then(({ hits }) => answered.push(hits)),
    );
    await commit.close();
    expect(answered).toHaveLength(20);
    expect(hitsOnDisk('closing')).toBe(20);
    await Promise.all(writes);
  });

  describe('likes, whose target the transaction reads', () => {
    /** Runs SQL on a connection of its own, as the console would. */
    const exec = (sql: string) => {
      const other = new Database(file);
      other.exec(sql);
      other.close();
    };
    const likesOf = (table: 'comments' | 'messages', id: number) => {
      const reader = new Database(file);
      const row = reader.prepare(`SELECT likes FROM ${table} WHERE id = ?`).get(id) as { likes: number };
      reader.close();
      return row.likes;
    };

    beforeEach(() => {
      exec(`INSERT INTO users (id, username, password_hash, nick_name) VALUES (1, 'writer', 'x', '作者');
        INSERT INTO messages (id, user_id, message) VALUES (1, 1, '留言'), (2, 1, '隐藏的留言');
        UPDATE messages SET hidden = 1 WHERE id = 2;
        INSERT INTO comments (id, type, for_id, content) VALUES (1, 1, 7, '根'), (3, 1, 7, '待审的根');
        INSERT INTO comments (id, type, for_id, parent_id, content) VALUES (2, 1, 7, 1, '回复'), (4, 1, 7, 3, '待审根下的回复');
        UPDATE comments SET held = 1 WHERE id = 3;`);
    });

    it('counts a like of a shown comment or reply once per reader, and a withdrawal once', async () => {
      const commit = groupCommitOf(db);
      await expect(commit.run(likeComment, 2, 'reader:a', true)).resolves.toEqual({
        changed: true,
        counters: { likes: 1 },
      });
      await expect(commit.run(likeComment, 2, 'reader:a', true)).resolves.toEqual({
        changed: false,
        counters: { likes: 1 },
      });
      await expect(commit.run(likeComment, 1, 'reader:a', true)).resolves.toEqual({
        changed: true,
        counters: { likes: 1 },
      });
      await expect(commit.run(likeComment, 2, 'reader:a', false)).resolves.toEqual({
        changed: true,
        counters: { likes: 0 },
      });
      await expect(commit.run(likeComment, 2, 'reader:a', false)).resolves.toEqual({
        changed: false,
        counters: { likes: 0 },
      });
      expect([likesOf('comments', 1), likesOf('comments', 2)]).toEqual([1, 0]);
    });

    it('likes nothing readers cannot reach: a held root, a reply under it, a missing comment, a hidden message', async () => {
      const commit = groupCommitOf(db);
      expect(await commit.run(likeComment, 3, 'reader:a', true)).toBeNull();
      expect(await commit.run(likeComment, 4, 'reader:a', true)).toBeNull();
      expect(await commit.run(likeComment, 99, 'reader:a', true)).toBeNull();
      expect(await commit.run(likeMessage, 2, 'reader:a', true)).toBeNull();
      await expect(commit.run(likeMessage, 1, 'reader:a', true)).resolves.toEqual({
        changed: true,
        counters: { likes: 1 },
      });
      expect([likesOf('comments', 3), likesOf('comments', 4), likesOf('messages', 2)]).toEqual([0, 0, 0]);
      const reader = new Database(file);
      expect(reader.prepare('SELECT type, target_id FROM likes').all()).toEqual([{ type: 'message', target_id: 1 }]);
      reader.close();
    });
  });
});

describe("the main thread's writes beside the group commit's thread", () => {
  it('wait for their turn instead of for the lock: with no busy wait at all, none meets the thread holding it', async () => {
    // Busy timeout 0: any write of this thread that found the lock taken would fail with SQLITE_BUSY at once.
    const eager = await openDb(`file:${join(dir, 'eager.db')}`, undefined, 0);
    await migrateDb(eager);
    // The thread lets this one's writes go first for at most MAX_YIELD_MS, then waits for the lock in its own
    // busy handler, which blocks no page. On a loaded machine a transaction here can outlast that, so the
    // thread keeps the usual busy timeout: the test holds this thread to never meeting the lock, not the other.
    databaseFileOf(eager)!.busyTimeoutMs = BUSY_TIMEOUT_MS;
    const commit = groupCommitOf(eager);
    let flooding = true;
    const counted: number[] = [];
    // The thread commits group after group meanwhile.
    const flood = async () => {
      while (flooding) counted.push((await commit.run(countHit, 'flood', 60_000)).hits);
    };
    // The thread is running, and busy, before the main thread writes.
    counted.push((await commit.run(countHit, 'flood', 60_000)).hits);
    const floods = Array.from({ length: 32 }, flood);
    let i = 0;
    try {
      for (; i < 40 || counted.length < 1000; i++) {
        // A server's writes come in with requests, between which the thread's answers are taken in.
        await new Promise((resolve) => setImmediate(resolve));
        await eager.run(sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${`single ${i}`}, 1, 0)`);
        await eager.transaction(async (tx) => {
          await tx.run(sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${`in a transaction ${i}`}, 1, 0)`);
          await tx.run(sql`UPDATE rate_limits SET hits = hits + 1 WHERE key = ${`in a transaction ${i}`}`);
        });
        await eager.batch([
          eager.run(sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${`batched ${i}`}, 1, 0)`),
        ]);
      }
    } finally {
      flooding = false;
      await Promise.all(floods);
      await commit.close();
    }
    const rows = await eager.all<{ n: number; hits: number }>(
      sql`SELECT count(*) AS n, sum(hits) AS hits FROM rate_limits WHERE key <> 'flood'`,
    );
    expect(rows[0]).toEqual({ n: 3 * i, hits: 4 * i });
    // Every grouped write was answered once, and counted once.
    expect(counted.length).toBeGreaterThanOrEqual(1000);
    expect(counted.toSorted((a, b) => a - b)).toEqual(Array.from({ length: counted.length }, (_, i) => i + 1));
    eager.$client.close();
  });

  it('queue one after another: a transaction that waits between its statements holds up the next, which does not meet its lock', async () => {
    const eager = await openDb(`file:${join(dir, 'eager.db')}`, undefined, 0);
    await migrateDb(eager);
    const transactions = Array.from({ length: 5 }, (_, i) =>
      eager.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${`slow ${i}`}, 1, 0)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.run(sql`UPDATE rate_limits SET hits = 2 WHERE key = ${`slow ${i}`}`);
      }),
    );
    const singles = Array.from({ length: 5 }, (_, i) =>
      eager.run(sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${`single ${i}`}, 1, 0)`),
    );
    await Promise.all([...transactions, ...singles]);
    const rows = await eager.all<{ n: number; hits: number }>(
      sql`SELECT count(*) AS n, sum(hits) AS hits FROM rate_limits`,
    );
    expect(rows[0]).toEqual({ n: 10, hits: 15 });
    eager.$client.close();
  });
});

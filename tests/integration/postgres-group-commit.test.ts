/**
 * The group commit on PostgreSQL: a group's writes go side by side on one pipelined connection
 * (src/server/db/postgres.ts), and only those declared so. PostgreSQL only: on SQLite a group's
 * writes run one after another in the group commit's own thread (group-commit.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statements } from '../../src/server/db/groupCommit';
import { newDatabaseUrl, sqlOn } from './databases';

const dir = mkdtempSync(join(tmpdir(), 'blog-pg-group-'));
let url: string;
// Loaded once DATABASE_URL names PostgreSQL: the engine is read when the database modules load (src/server/db/engine.ts).
let client: typeof import('../../src/server/db/client');
let groupCommitOf: (typeof import('../../src/server/db/groupCommitOf'))['groupCommitOf'];
let groupedWrite: (typeof import('../../src/server/db/groupedWrites'))['groupedWrite'];
let countHit: (typeof import('../../src/server/budgets/table'))['countHit'];
let counted: typeof import('../../src/server/articles/counted');
let db: import('../../src/server/db/client').Db;

beforeAll(async () => {
  url = await newDatabaseUrl(dir);
  process.env.DATABASE_URL = url;
  client = await import('../../src/server/db/client');
  ({ groupCommitOf } = await import('../../src/server/db/groupCommitOf'));
  ({ groupedWrite } = await import('../../src/server/db/groupedWrites'));
  ({ countHit } = await import('../../src/server/budgets/table'));
  counted = await import('../../src/server/articles/counted');
  db = await client.openDb(url);
  await client.migrateDb(db);
});

afterAll(async () => {
  await groupCommitOf(db).close();
  await client.closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

/** A write that reads a row of rate_limits, waits on the database, and writes back one more: it decides on what it read, and says nothing of running side by side. */
function readThenWrite(inFlight: { now: number; most: number }) {
  return groupedWrite(import.meta.url, 'readThenWrite', async (statements: Statements, key: string) => {
    inFlight.most = Math.max(inFlight.most, ++inFlight.now);
    try {
      const row = await statements.get<{ hits: number }>('SELECT hits FROM rate_limits WHERE key = ?', key);
      await statements.get('SELECT pg_sleep(0.001)');
      await statements.run(
        'INSERT INTO rate_limits (key, hits, reset_at) VALUES (?1, ?2, 0) ON CONFLICT (key) DO UPDATE SET hits = ?2',
        key,
        (row?.hits ?? 0) + 1,
      );
    } finally {
      inFlight.now--;
    }
  });
}

const hitsOf = async (key: string) => (await sqlOn(url, 'SELECT hits FROM rate_limits WHERE key = ?', [key]))[0]?.hits;

describe('the group commit on PostgreSQL', () => {
  it('runs the writes declared side by side at once, each answered with its own result', async () => {
    const inFlight = { now: 0, most: 0 };
    const sideBySide = groupedWrite(
      import.meta.url,
      'sideBySide',
      async (statements: Statements, key: string) => {
        inFlight.most = Math.max(inFlight.most, ++inFlight.now);
        try {
          return await countHit(statements, key, 60_000);
        } finally {
          inFlight.now--;
        }
      },
      { sideBySide: true },
    );
    const answers = await Promise.all(Array.from({ length: 300 }, () => groupCommitOf(db).run(sideBySide, 'burst')));
    expect(answers.map((answer) => answer.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 300 }, (_, i) => i + 1),
    );
    expect(await hitsOf('burst')).toBe(300);
    expect(inFlight.most).toBeGreaterThan(1);
  });

  it('runs a write that decides on what it read alone, so none of a burst is lost', async () => {
    const inFlight = { now: 0, most: 0 };
    const write = readThenWrite(inFlight);
    await Promise.all(Array.from({ length: 50 }, () => groupCommitOf(db).run(write, 'decided')));
    expect(await hitsOf('decided')).toBe(50);
    expect(inFlight.most).toBe(1);
  });

  it('counts a view only within its quota, the quota spent beside the count in one round', async () => {
    await sqlOn(url, 'INSERT INTO article_stats (article_id, views) VALUES (?, 0)', [41]);
    const quota = { key: 'views:one-reader', max: 3, windowMs: 60_000 };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => groupCommitOf(db).run(counted.countArticleView, quota, 41)),
    );
    const [row] = await sqlOn(url, 'SELECT views FROM article_stats WHERE article_id = ?', [41]);
    expect(row.views).toBe(3);
    expect(await hitsOf(quota.key)).toBe(8);
    // Each counted view saw its own count; those past the quota saw the count as it was.
    expect(answers.map((answer) => answer.views).sort()).toEqual([1, 2, 3, 3, 3, 3, 3, 3]);
  });

  it('undoes a failing write alone: the rest of its group commits', async () => {
    const failing = groupedWrite(
      import.meta.url,
      'failing',
      (statements: Statements) => statements.run('SELECT * FROM no_such_table'),
      { sideBySide: true },
    );
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 20 }, () => groupCommitOf(db).run(countHit, 'beside-failure', 60_000)),
      groupCommitOf(db).run(failing),
      ...Array.from({ length: 20 }, () => groupCommitOf(db).run(countHit, 'beside-failure', 60_000)),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
    expect(outcomes[20].status).toBe('rejected');
    expect(await hitsOf('beside-failure')).toBe(40);
  });

  it('commits the groups of two nodes that lock the same rows in opposite orders, each write once', async () => {
    // A second node: its own pool and its own group commit over the same database.
    const other = await client.openDb(url);
    const both = [db, other];
    /** Counts one hit on each key, in the order given. */
    const hitBoth = groupedWrite(
      import.meta.url,
      'hitBoth',
      async (statements: Statements, first: string, second: string) => {
        await countHit(statements, first, 60_000);
        await countHit(statements, second, 60_000);
      },
      { sideBySide: true },
    );
    try {
      await Promise.all(
        Array.from({ length: 400 }, (_, i) =>
          groupCommitOf(both[i % 2]).run(
            hitBoth,
            ...((i % 4 < 2 ? ['east', 'west'] : ['west', 'east']) as [string, string]),
          ),
        ),
      );
    } finally {
      await groupCommitOf(other).close();
      await client.closeDb(other);
    }
    expect(await hitsOf('east')).toBe(400);
    expect(await hitsOf('west')).toBe(400);
  });
});

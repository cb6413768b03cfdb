/**
 * Writes whose calls of one group run as one (src/server/db/groupedWrites.ts, groupedBatch): a
 * group's views of an article are one upsert of its row, its readers' quotas one statement. On both
 * engines: the batch is the same SQL on each, and it must count exactly what the calls one by one
 * would have, and answer each reader as its own view left the counters.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quota } from '../../src/server/budgets/quota';
import { newDatabaseUrl, sqlOn, TEST_ENGINE } from './databases';

const dir = mkdtempSync(join(tmpdir(), 'blog-grouped-batch-'));
let url: string;
// Loaded once DATABASE_URL is set: the engine is read when the database modules load (src/server/db/engine.ts).
let client: typeof import('../../src/server/db/client');
let groupCommitOf: (typeof import('../../src/server/db/groupCommitOf'))['groupCommitOf'];
let counted: typeof import('../../src/server/articles/counted');
let countHit: (typeof import('../../src/server/budgets/table'))['countHit'];
let countSiteView: (typeof import('../../src/server/site/counted'))['countSiteView'];
let db: import('../../src/server/db/client').Db;

beforeAll(async () => {
  url = await newDatabaseUrl(dir);
  process.env.DATABASE_URL = url;
  client = await import('../../src/server/db/client');
  ({ groupCommitOf } = await import('../../src/server/db/groupCommitOf'));
  counted = await import('../../src/server/articles/counted');
  ({ countHit } = await import('../../src/server/budgets/table'));
  ({ countSiteView } = await import('../../src/server/site/counted'));
  db = await client.openDb(url);
  await client.migrateDb(db);
});

afterAll(async () => {
  await groupCommitOf(db).close();
  await client.closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

const WINDOW = 60_000;
const quota = (key: string, max = 2): Quota => ({ key, max, windowMs: WINDOW });
const one = async (statement: string, args: (string | number)[]) => (await sqlOn(url, statement, args))[0];
const viewsOf = async (id: number) =>
  Number((await one('SELECT views FROM article_stats WHERE article_id = ?', [id]))?.views ?? 0);
const hitsOf = async (key: string) =>
  Number((await one('SELECT hits FROM rate_limits WHERE key = ?', [key]))?.hits ?? 0);
const viewsToday = async () =>
  Number((await sqlOn(url, 'SELECT views FROM daily_views')).reduce((sum, row) => sum + Number(row.views), 0));

/** Counts the updates of article_stats' rows from now on, by a trigger of the test's own: how many upserts reached the row. */
async function countRowUpdates(): Promise<() => Promise<number>> {
  await sqlOn(url, 'CREATE TABLE row_updates (n INTEGER NOT NULL)');
  await sqlOn(url, 'INSERT INTO row_updates (n) VALUES (0)');
  if (TEST_ENGINE === 'postgres') {
    await sqlOn(
      url,
      'CREATE FUNCTION count_row_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE row_updates SET n = n + 1; RETURN NULL; END $$',
    );
    await sqlOn(
      url,
      'CREATE TRIGGER counted AFTER UPDATE ON article_stats FOR EACH ROW EXECUTE FUNCTION count_row_update()',
    );
  } else {
    await sqlOn(
      url,
      'CREATE TRIGGER counted AFTER UPDATE ON article_stats BEGIN UPDATE row_updates SET n = n + 1; END',
    );
  }
  return async () => Number((await one('SELECT n FROM row_updates', []))!.n);
}

describe('a batch of counted views', () => {
  it('counts each reader within its quota as one by one would, in one group, and answers each in order', async () => {
    // Reader "full" used its quota before this group.
    await sqlOn(url, 'INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 2, ?)', [
      'view|full',
      Date.now() + WINDOW,
    ]);
    // A like of the article by one of the readers, and by someone not visiting.
    await sqlOn(url, 'INSERT INTO likes (type, target_id, actor, created_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)', [
      'article',
      11,
      'ip:b',
      new Date(),
      'article',
      11,
      'ip:elsewhere',
      new Date(),
    ] as never);
    await sqlOn(url, 'INSERT INTO article_stats (article_id, views) VALUES (?, 0)', [11]);
    const rowUpdates = await countRowUpdates();
    const daily = await viewsToday();
    const readers = ['a', 'b', 'a', 'c', 'full', 'a', 'c'];
    // Asked in one turn: one group.
    const answers = await Promise.all(
      readers.map((reader) =>
        groupCommitOf(db).run(counted.countArticleVisit, quota(`view|${reader}`), 11, `ip:${reader}`),
      ),
    );
    // a: 2 of 3 within its quota of 2; b: 1; c: 2; full: none.
    expect(await viewsOf(11)).toBe(5);
    expect(answers.map((answer) => answer.viewed.views)).toEqual([1, 2, 3, 4, 4, 4, 5]);
    expect(answers.map((answer) => answer.liked)).toEqual([false, true, false, false, false, false, false]);
    expect([await hitsOf('view|a'), await hitsOf('view|b'), await hitsOf('view|c'), await hitsOf('view|full')]).toEqual(
      [3, 1, 2, 3],
    );
    // One upsert of the article's row for the whole group, and the day's count grew by what it counted.
    expect(await rowUpdates()).toBe(1);
    expect((await viewsToday()) - daily).toBe(5);
  });

  // Which of one address's views count when it passes its quota within one group follows the batches'
  // order, not the arrival order (db/groupedWrites.ts, groupedBatch): the total is what is exact.
  it('counts a quota once across articles and writes: views of two articles and the detail call share it', async () => {
    const shared = quota('view|shared', 2);
    const answers = await Promise.all([
      groupCommitOf(db).run(counted.countArticleVisit, shared, 12, 'ip:shared'),
      groupCommitOf(db).run(counted.countArticleView, shared, 13),
      groupCommitOf(db).run(counted.countArticleVisit, shared, 13, 'ip:shared'),
      groupCommitOf(db).run(counted.countArticleVisit, shared, 12, 'ip:shared'),
    ]);
    expect(answers).toHaveLength(4);
    expect((await viewsOf(12)) + (await viewsOf(13))).toBe(2);
    expect(await hitsOf('view|shared')).toBe(4);
  });

  it('starts a window that has ended over at the first view of the group', async () => {
    await sqlOn(url, 'INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 9, ?)', [
      'view|returning',
      Date.now() - 1,
    ]);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => groupCommitOf(db).run(counted.countArticleView, quota('view|returning'), 14)),
    );
    expect(answers.map((answer) => answer.views)).toEqual([1, 2, 2]);
    expect(await hitsOf('view|returning')).toBe(3);
  });

  it('answers a reader whose quota is known to be spent without writing, beside readers who count', async () => {
    const spent = { ...quota('view|spent'), spent: true };
    const answers = await Promise.all([
      groupCommitOf(db).run(counted.countArticleView, spent, 15),
      groupCommitOf(db).run(counted.countArticleView, quota('view|fresh'), 15),
      groupCommitOf(db).run(counted.countArticleView, spent, 15),
    ]);
    expect(answers.map((answer) => answer.views)).toEqual([0, 1, 1]);
    expect(await hitsOf('view|spent')).toBe(0);
    const alone = await groupCommitOf(db).run(counted.countArticleView, spent, 15);
    expect(alone.views).toBe(1);
  });

  it('takes any key as it is: quotes, backslashes, __proto__ and Chinese', async () => {
    const keys = ['view|__proto__', 'view|"\\\'', 'view|读者', 'view|__proto__'];
    const before = await viewsOf(16);
    const answers = await Promise.all(
      keys.map((key) => groupCommitOf(db).run(counted.countArticleVisit, quota(key, 1), 16, key)),
    );
    expect((await viewsOf(16)) - before).toBe(3);
    expect(answers.map((answer) => answer.viewed.views)).toEqual([1, 2, 3, 3]);
    expect(await hitsOf('view|__proto__')).toBe(2);
    expect(await hitsOf('view|"\\\'')).toBe(1);
  });

  it('fails a broken call alone: the batch runs again call by call, and the others count', async () => {
    const outcomes = await Promise.allSettled([
      groupCommitOf(db).run(counted.countArticleView, quota('view|first'), 17),
      groupCommitOf(db).run(counted.countArticleView, null as never, 17),
      groupCommitOf(db).run(counted.countArticleView, quota('view|second'), 17),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await viewsOf(17)).toBe(2);
  });

  it('counts the site views of a group in one upsert, each reader answered with its own count', async () => {
    const answers = await Promise.all(
      ['x', 'y', 'x', 'x'].map((reader) => groupCommitOf(db).run(countSiteView, quota(`site|${reader}`))),
    );
    const [row] = await sqlOn(url, "SELECT value FROM site_stats WHERE name = 'views'");
    expect(Number(row.value)).toBe(3);
    expect(answers).toEqual([1, 2, 3, 3]);
  });
});

describe('a batch of budget hits', () => {
  it('answers each call its own hits, keys and windows mixed in one group', async () => {
    const now = Date.now();
    const answers = await Promise.all([
      groupCommitOf(db).run(countHit, 'hits|a', WINDOW),
      groupCommitOf(db).run(countHit, 'hits|b', WINDOW),
      groupCommitOf(db).run(countHit, 'hits|a', WINDOW),
      groupCommitOf(db).run(countHit, 'hits|short', 1000),
      groupCommitOf(db).run(countHit, 'hits|a', WINDOW),
    ]);
    expect(answers.map((answer) => answer.hits)).toEqual([1, 1, 2, 1, 3]);
    expect(answers[3].resetAt).toBeGreaterThanOrEqual(now + 1000);
    expect(answers[3].resetAt).toBeLessThan(now + WINDOW);
    expect(answers[0].resetAt).toBe(answers[4].resetAt);
    expect(await hitsOf('hits|a')).toBe(3);
  });

  it('keeps the order of calls that bring their own clock, across the end of a window', async () => {
    await sqlOn(url, 'INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 5, 101)', ['hits|clock']);
    const answers = await Promise.all(
      [100, 101, 100].map((now) => groupCommitOf(db).run(countHit, 'hits|clock', 1000, now)),
    );
    // The first sees the old window; the second starts a new one at 101, which the third then finds.
    expect(answers).toEqual([
      { hits: 6, resetAt: 101 },
      { hits: 1, resetAt: 1101 },
      { hits: 2, resetAt: 1101 },
    ]);
  });
});

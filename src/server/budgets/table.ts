/**
 * The budgets table: one row per budget and holder, counting calls in a fixed window. Every
 * process on the database spends the same rows, so two processes behind one proxy never double
 * what a client may do.
 */
import type { Statements } from '../db/groupCommit.ts';
import { bySubject, groupedBatch, groupedWrite, SIDE_BY_SIDE } from '../db/groupedWrites.ts';
import { countOf, keyCounts, type KeyCounts } from '../db/keyCounts.ts';

export interface Hits {
  hits: number;
  resetAt: number;
}

/** Adds each key's calls (?1, db/keyCounts.ts) in one upsert, and starts a new window where the old one has ended. */
const ADD_HITS = `INSERT INTO rate_limits (key, hits, reset_at)
  SELECT calls.key, ${countOf('calls')}, ?2 FROM json_each(?1) AS calls WHERE true
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN rate_limits.reset_at <= ?3 THEN excluded.hits ELSE rate_limits.hits + excluded.hits END,
    reset_at = CASE WHEN rate_limits.reset_at <= ?3 THEN excluded.reset_at ELSE rate_limits.reset_at END
  RETURNING key, hits, reset_at`;

/**
 * One call under each of `keys`, in one statement, sent before this returns; each call's hits, in
 * their order. A key's n calls are its hits h - n + 1 … h after the statement: they share `now`, so
 * a window that has ended starts over at the first of them. `calls` is `keys` counted, when the
 * caller has them already.
 */
export async function addHits(
  statements: Statements,
  keys: readonly string[],
  windowMs: number,
  now: number,
  calls: KeyCounts = keyCounts(keys),
): Promise<Hits[]> {
  const rows = await statements.all<{ key: string; hits: number; reset_at: number }>(
    ADD_HITS,
    calls.parameter,
    now + windowMs,
    now,
  );
  const after = new Map(rows.map((row) => [row.key, row]));
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const { hits, reset_at } = after.get(key)!;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    return { hits: hits - calls.counts.get(key)! + nth, resetAt: reset_at };
  });
}

/**
 * One more call under `key`. A group's calls of one window go in one statement (addHits), on the
 * group's clock: a key is always spent with its budget's one window, so none of its calls is put
 * before another. A call that brings its own clock (the mail cap's) goes alone: two of them for one
 * key may differ in their clock, and each must see the window as the one before it left it.
 */
export const countHit = groupedBatch(
  import.meta.url,
  'countHit',
  (statements: Statements, calls: readonly [key: string, windowMs: number, now?: number][]): Promise<Hits[]> => {
    const groupNow = Date.now();
    return bySubject(
      calls,
      ([, windowMs, now], i) => (now === undefined ? `window ${windowMs}` : `call ${i}`),
      (_, part) =>
        addHits(
          statements,
          part.map(([key]) => key),
          part[0][1],
          part[0][2] ?? groupNow,
        ),
    );
  },
  SIDE_BY_SIDE,
);

export const takeBackHit = groupedWrite(
  import.meta.url,
  'takeBackHit',
  (statements: Statements, key: string) =>
    statements.run('UPDATE rate_limits SET hits = CASE WHEN hits > 0 THEN hits - 1 ELSE 0 END WHERE key = ?', key),
  SIDE_BY_SIDE,
);

export const forgetHits = groupedWrite(
  import.meta.url,
  'forgetHits',
  (statements: Statements, key: string) => statements.run('DELETE FROM rate_limits WHERE key = ?', key),
  SIDE_BY_SIDE,
);

/** Ended windows are only dead weight: cleared now and then (store.ts). */
export const forgetEndedWindows = groupedWrite(
  import.meta.url,
  'forgetEndedWindows',
  (statements: Statements, now: number) => statements.run('DELETE FROM rate_limits WHERE reset_at < ?', now),
);

/**
 * The budgets table: one row per budget and holder, counting calls in a fixed window. Every
 * process on the database spends the same rows, so two processes behind one proxy never double
 * what a client may do.
 */
import type { Statements } from '../db/groupCommit.ts';
import { groupedWrite, SIDE_BY_SIDE } from '../db/groupedWrites.ts';

/** One more call under `key`, in one atomic upsert that starts a new window once the old one has ended. */
export const countHit = groupedWrite(
  import.meta.url,
  'countHit',
  async (
    statements: Statements,
    key: string,
    windowMs: number,
    now: number = Date.now(),
  ): Promise<{ hits: number; resetAt: number }> => {
    const row = await statements.get<{ hits: number; reset_at: number }>(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, ?)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.reset_at <= ?3 THEN 1 ELSE rate_limits.hits + 1 END,
       reset_at = CASE WHEN rate_limits.reset_at <= ?3 THEN excluded.reset_at ELSE rate_limits.reset_at END
     RETURNING hits, reset_at`,
      key,
      now + windowMs,
      now,
    );
    return { hits: row!.hits, resetAt: row!.reset_at };
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

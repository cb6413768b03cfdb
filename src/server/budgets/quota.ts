/**
 * A budget whose excess goes uncounted (contract/budgets.ts, `excess: 'uncounted'`): the route
 * learns whose quota a call spends, and the counted write spends it in its own transaction, so the
 * check and the count commit together and a reader is never refused for being counted.
 */
import type { SqlValue, Statements } from '../db/groupCommit.ts';
import { countHit } from './table.ts';

export interface Quota {
  /** The budget's name and its holder's key. */
  key: string;
  max: number;
  windowMs: number;
  /** Known to be spent already (http/countingLane.ts): the call is answered without counting or spending. */
  spent?: boolean;
}

/**
 * A count's step in the SQL of the count itself: 1 when the call whose quota was just spent is within
 * it, 0 past it. The count's ?2 is the quota's key and ?3 its max (countWithinQuota).
 */
export const QUOTA_STEP = 'CASE WHEN (SELECT hits FROM rate_limits WHERE key = ?2) <= ?3 THEN 1 ELSE 0 END';

/**
 * Spends one of the quota and runs `count` beside it, in the same transaction; the count's row.
 * `count` takes its step from QUOTA_STEP, its ?1 is `subject`, and `args` follow from ?4.
 *
 * The count reads the quota's verdict in its own SQL, not from the spend's answer, so both are sent
 * in the same turn, before anything is awaited: no other write of the group that spends the same
 * quota comes between them, the database runs them in the order they were sent, and on a pipelined
 * connection (db/postgres.ts) they cost one round trip, which every counted view of a busy site
 * waits for.
 */
export async function countWithinQuota<Row>(
  statements: Statements,
  quota: Quota,
  count: string,
  subject: SqlValue,
  ...args: SqlValue[]
): Promise<Row | undefined> {
  const [, row] = await Promise.all([
    countHit(statements, quota.key, quota.windowMs),
    statements.get<Row>(count, subject, quota.key, quota.max, ...args),
  ]);
  return row;
}

/**
 * A budget whose excess goes uncounted (contract/budgets.ts, `excess: 'uncounted'`): the route
 * learns whose quota a call spends, and the counted write spends it in its own transaction, so the
 * check and the count commit together and a reader is never refused for being counted.
 */
import type { Statements } from '../db/groupCommit.ts';
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
 * Spends one of the quota, for a count that follows in the same transaction and asks the quota's
 * row in its own SQL whether this call was within it:
 * `CASE WHEN (SELECT hits FROM rate_limits WHERE key = <key>) <= <max> THEN 1 ELSE 0 END`.
 * Not this call's answer: the count can then be sent before it comes, and the database runs the two
 * in the order they were sent. On a pipelined connection (db/postgres.ts) that is one round trip
 * for both, which every counted view of a busy site waits for.
 *
 * The count must be sent in the same turn as this, before anything is awaited: another write of the
 * group, spending the same quota, must not come in between (counted.ts in articles/ and site/).
 */
export function spendQuota(statements: Statements, quota: Quota): Promise<unknown> {
  return countHit(statements, quota.key, quota.windowMs);
}

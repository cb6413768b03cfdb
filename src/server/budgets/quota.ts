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

/** Spends one of the quota; whether the call was within it (and so is to be counted). */
export async function withinQuota(statements: Statements, quota: Quota): Promise<boolean> {
  if (quota.spent) return false;
  const { hits } = await countHit(statements, quota.key, quota.windowMs);
  return hits <= quota.max;
}

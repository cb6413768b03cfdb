/**
 * A budget whose excess goes uncounted (contract/budgets.ts, `excess: 'uncounted'`): the route
 * learns whose quota a call spends, and the counted write spends it in its own transaction, so the
 * check and the count commit together and a reader is never refused for being counted.
 */
import type { SqlValue, Statements } from '../db/groupCommit.ts';
import { countOf, keyCounts } from '../db/keyCounts.ts';
import { addHits } from './table.ts';

export interface Quota {
  /** The budget's name and its holder's key. */
  key: string;
  max: number;
  windowMs: number;
  /** Known to be spent already (http/countingLane.ts): the call is answered without counting or spending. */
  spent?: boolean;
}

/**
 * A count's step in the SQL of the count itself: how many of the calls whose quotas were just spent
 * are within them. The count's ?2 is the calls' keys (db/keyCounts.ts) and ?3 the quota's max. A
 * key's n calls were its hits h - n + 1 … h (budgets/table.ts, addHits), and those up to max count.
 */
export const QUOTA_STEPS = `(SELECT COALESCE(SUM(CASE WHEN hits - calls >= ?3 THEN 0 WHEN hits <= ?3 THEN calls ELSE ?3 - hits + calls END), 0)
  FROM (SELECT ${countOf('spent')} AS calls, (SELECT hits FROM rate_limits WHERE key = spent.key) AS hits
        FROM json_each(?2) AS spent) AS quotas)`;

/**
 * Spends one of its quota for each call not known to be spent, and runs `count` beside, in the same
 * transaction: the count's row, and which calls it counted. `count` takes its step from QUOTA_STEPS,
 * its ?1 is `subject`, and `args` follow from ?4. The quotas are of one budget. Null when every
 * quota is known to be spent: nothing is written.
 *
 * The count reads the quotas' verdict in its own SQL, not from the spend's answer, so both are sent
 * before anything is awaited: no other write of the group that spends the same quotas comes between
 * them, the database runs them in the order they were sent, and on a pipelined connection
 * (db/postgres.ts) they cost one round trip, which every counted view of a busy site waits for.
 */
export function countWithinQuotas<Row>(
  statements: Statements,
  quotas: readonly Quota[],
  count: string,
  subject: SqlValue,
  ...args: SqlValue[]
): Promise<{ row: Row | undefined; counted: boolean[] }> | null {
  const spending = quotas.filter((quota) => !quota.spent);
  if (spending.length === 0) return null;
  const [{ max, windowMs }] = spending;
  if (spending.some((quota) => quota.max !== max || quota.windowMs !== windowMs)) {
    throw new Error('一次计数的配额必须属于同一个预算');
  }
  const keys = spending.map((quota) => quota.key);
  const calls = keyCounts(keys);
  const hits = addHits(statements, keys, windowMs, Date.now(), calls);
  const row = statements.get<Row>(count, subject, calls.parameter, max, ...args);
  return Promise.all([hits, row]).then(([spent, found]) => {
    let next = 0;
    return { row: found, counted: quotas.map((quota) => !quota.spent && spent[next++].hits <= max) };
  });
}

/**
 * What each call saw of a total its batch counted: the total after the batch, less what the calls
 * after it counted.
 */
export function totalsSeen(after: number, counted: readonly boolean[]): number[] {
  let seen = after - counted.filter(Boolean).length;
  return counted.map((one) => (seen += one ? 1 : 0));
}

/**
 * The site view counter's write, a grouped write (db/groupedWrites.ts). It runs in the group commit's
 * own thread: this module imports no ORM.
 */
import { countWithinQuotas, QUOTA_STEPS, totalsSeen, type Quota } from '../budgets/quota.ts';
import type { Statements } from '../db/groupCommit.ts';
import { groupedBatch, SIDE_BY_SIDE } from '../db/groupedWrites.ts';

/** The site_stats row of the view counter. */
export const SITE_VIEWS = 'views';

/** The site's view count, one more for each address with quota left; a group's views are one upsert. */
export const countSiteView = groupedBatch(
  import.meta.url,
  'countSiteView',
  async (statements: Statements, calls: readonly [quota: Quota][]): Promise<number[]> => {
    const quotas = calls.map(([quota]) => quota);
    // One more within the quota, none past it (budgets/quota.ts).
    const spending = countWithinQuotas<{ value: number }>(
      statements,
      quotas,
      `INSERT INTO site_stats (name, value) VALUES (?1, ${QUOTA_STEPS})
       ON CONFLICT (name) DO UPDATE SET value = site_stats.value + excluded.value
       RETURNING value`,
      SITE_VIEWS,
    );
    if (!spending) {
      const row = await statements.get<{ value: number }>('SELECT value FROM site_stats WHERE name = ?', SITE_VIEWS);
      return quotas.map(() => row?.value ?? 0);
    }
    const { row, counted } = await spending;
    return totalsSeen(row!.value, counted);
  },
  SIDE_BY_SIDE,
);

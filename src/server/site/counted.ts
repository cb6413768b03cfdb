/**
 * The site view counter's write, a grouped write (db/groupedWrites.ts). It runs in the group commit's
 * own thread: this module imports no ORM.
 */
import { countWithinQuota, QUOTA_STEP, type Quota } from '../budgets/quota.ts';
import type { Statements } from '../db/groupCommit.ts';
import { groupedWrite, SIDE_BY_SIDE } from '../db/groupedWrites.ts';

/** The site_stats row of the view counter. */
export const SITE_VIEWS = 'views';

/** The site's view count, one more when the address has quota left. */
export const countSiteView = groupedWrite(
  import.meta.url,
  'countSiteView',
  async (statements: Statements, quota: Quota): Promise<number> => {
    if (quota.spent) {
      const row = await statements.get<{ value: number }>('SELECT value FROM site_stats WHERE name = ?', SITE_VIEWS);
      return row?.value ?? 0;
    }
    // One more within the quota, none past it (budgets/quota.ts).
    const row = await countWithinQuota<{ value: number }>(
      statements,
      quota,
      `INSERT INTO site_stats (name, value) VALUES (?1, ${QUOTA_STEP})
       ON CONFLICT (name) DO UPDATE SET value = site_stats.value + excluded.value
       RETURNING value`,
      SITE_VIEWS,
    );
    return row!.value;
  },
  SIDE_BY_SIDE,
);

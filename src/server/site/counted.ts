/**
 * The site view counter's write, a grouped write (db/groupedWrites.ts). It runs in the group commit's
 * own thread: this module imports no ORM.
 */
import { withinQuota, type Quota } from '../budgets/quota.ts';
import type { Statements } from '../db/groupCommit.ts';
import { groupedWrite } from '../db/groupedWrites.ts';

/** The site_stats row of the view counter. */
export const SITE_VIEWS = 'views';

/** The site's view count, one more when the address has quota left. */
export const countSiteView = groupedWrite(
  import.meta.url,
  'countSiteView',
  async (statements: Statements, quota: Quota): Promise<number> => {
    const row = (await withinQuota(statements, quota))
      ? await statements.get<{ value: number }>(
          'INSERT INTO site_stats (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = site_stats.value + 1 RETURNING value',
          SITE_VIEWS,
        )
      : await statements.get<{ value: number }>('SELECT value FROM site_stats WHERE name = ?', SITE_VIEWS);
    return row?.value ?? 0;
  },
);

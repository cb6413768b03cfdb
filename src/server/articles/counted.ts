/**
 * A reader's counts of an article (a view, milliseconds of reading, a like), as grouped writes
 * (db/groupedWrites.ts). They run in the group commit's own thread: this module imports no ORM.
 */
import type { SqlValue, Statements } from '../db/groupCommit.ts';
import { groupedWrite, SIDE_BY_SIDE } from '../db/groupedWrites.ts';
import { countWithinQuota, QUOTA_STEP, type Quota } from '../budgets/quota.ts';
import { likedIn, setLikeIn } from '../likes/statements.ts';

export interface ArticleCounters {
  views: number;
  likes: number;
  /** Total reading time in milliseconds. */
  readingMs: number;
}

export const ZERO: ArticleCounters = { views: 0, likes: 0, readingMs: 0 };

type CounterRow = { views: number; likes: number; reading_ms: number };
const fromRow = (row: CounterRow | undefined): ArticleCounters =>
  row ? { views: row.views, likes: row.likes, readingMs: row.reading_ms } : ZERO;

const countersIn = async (statements: Statements, id: number) =>
  fromRow(
    await statements.get<CounterRow>('SELECT views, likes, reading_ms FROM article_stats WHERE article_id = ?', id),
  );

/**
 * Counts with `upsert` when the address has quota left, and answers the counters either way. The
 * upsert's step is 1 (or the milliseconds) within the quota and 0 past it (budgets/quota.ts).
 */
async function countArticle(
  statements: Statements,
  quota: Quota,
  id: number,
  upsert: string,
  ...args: SqlValue[]
): Promise<ArticleCounters> {
  if (quota.spent) return countersIn(statements, id);
  return fromRow(await countWithinQuota<CounterRow>(statements, quota, upsert, id, ...args));
}

/** A view while the address has quota left; the counters either way. */
export const countArticleView = groupedWrite(
  import.meta.url,
  'countArticleView',
  (statements: Statements, quota: Quota, id: number) =>
    countArticle(
      statements,
      quota,
      id,
      `INSERT INTO article_stats (article_id, views)
       VALUES (?1, ${QUOTA_STEP})
       ON CONFLICT (article_id) DO UPDATE SET views = article_stats.views + excluded.views
       RETURNING views, likes, reading_ms`,
    ),
  SIDE_BY_SIDE,
);

/** Milliseconds of reading while the address has quota left; the counters either way. */
export const countArticleReading = groupedWrite(
  import.meta.url,
  'countArticleReading',
  (statements: Statements, quota: Quota, id: number, ms: number) =>
    countArticle(
      statements,
      quota,
      id,
      `INSERT INTO article_stats (article_id, reading_ms)
       VALUES (?1, ?4 * ${QUOTA_STEP})
       ON CONFLICT (article_id) DO UPDATE SET reading_ms = article_stats.reading_ms + excluded.reading_ms
       RETURNING views, likes, reading_ms`,
      ms,
    ),
  SIDE_BY_SIDE,
);

/** The static page's visit: its view counted, and whether the reader likes the article, as one transaction saw them. */
export const countArticleVisit = groupedWrite(
  import.meta.url,
  'countArticleVisit',
  async (
    statements: Statements,
    quota: Quota,
    id: number,
    actor: string,
  ): Promise<{ viewed: ArticleCounters; liked: boolean }> => {
    // Side by side: on a pipelined connection the like is read in the same round trip as the quota.
    const [viewed, liked] = await Promise.all([
      countArticleView(statements, quota, id),
      likedIn(statements, 'article', id, actor),
    ]);
    return { viewed, liked };
  },
  SIDE_BY_SIDE,
);

/** Moves the like counter by ?2 (one up or down), never below zero. */
const BUMP_LIKES =
  'INSERT INTO article_stats (article_id, likes) VALUES (?1, CASE WHEN ?2 > 0 THEN ?2 ELSE 0 END) ON CONFLICT (article_id) DO UPDATE SET likes = CASE WHEN article_stats.likes + ?2 > 0 THEN article_stats.likes + ?2 ELSE 0 END RETURNING views, likes, reading_ms';

/** A reader's like of the article or its withdrawal, with the counters after. Whether the article is there is the catalog's to say, before. */
export const likeArticle = groupedWrite(
  import.meta.url,
  'likeArticle',
  (statements: Statements, id: number, actor: string, liked: boolean) =>
    setLikeIn(statements, 'article', id, actor, liked, {
      read: () => countersIn(statements, id),
      bump: async (by) => fromRow(await statements.get<CounterRow>(BUMP_LIKES, id, by)),
    }),
  SIDE_BY_SIDE,
);

/**
 * A reader's counts of an article (a view, milliseconds of reading, a like), as grouped writes
 * (db/groupedWrites.ts). They run in the group commit's own thread: this module imports no ORM.
 */
import type { Statements } from '../db/groupCommit.ts';
import { bySubject, groupedBatch, groupedWrite, SIDE_BY_SIDE } from '../db/groupedWrites.ts';
import { countWithinQuotas, QUOTA_STEPS, totalsSeen, type Quota } from '../budgets/quota.ts';
import { likedAmong, setLikeIn } from '../likes/statements.ts';

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

/** Views of ?1 within their quotas (budgets/quota.ts), with the counters after. */
const COUNT_VIEWS = `INSERT INTO article_stats (article_id, views)
  VALUES (?1, ${QUOTA_STEPS})
  ON CONFLICT (article_id) DO UPDATE SET views = article_stats.views + excluded.views
  RETURNING views, likes, reading_ms`;

/**
 * The views of article `id` by calls with these quotas, counted in one upsert of its row: the
 * counters as each reader's own view left them.
 */
async function countViews(statements: Statements, id: number, quotas: readonly Quota[]): Promise<ArticleCounters[]> {
  const spending = countWithinQuotas<CounterRow>(statements, quotas, COUNT_VIEWS, id);
  if (!spending) {
    const counters = await countersIn(statements, id);
    return quotas.map(() => counters);
  }
  const { row, counted } = await spending;
  const after = fromRow(row);
  return totalsSeen(after.views, counted).map((views) => ({ ...after, views }));
}

/** A view while the address has quota left; the counters either way. A group's views of one article are one upsert. */
export const countArticleView = groupedBatch(
  import.meta.url,
  'countArticleView',
  (statements: Statements, calls: readonly [quota: Quota, id: number][]) =>
    bySubject(
      calls,
      ([, id]) => id,
      (id, views) =>
        countViews(
          statements,
          id,
          views.map(([quota]) => quota),
        ),
    ),
  SIDE_BY_SIDE,
);

/** Milliseconds of reading while the address has quota left; the counters either way. */
export const countArticleReading = groupedWrite(
  import.meta.url,
  'countArticleReading',
  async (statements: Statements, quota: Quota, id: number, ms: number) => {
    const spending = countWithinQuotas<CounterRow>(
      statements,
      [quota],
      `INSERT INTO article_stats (article_id, reading_ms)
       VALUES (?1, ?4 * ${QUOTA_STEPS})
       ON CONFLICT (article_id) DO UPDATE SET reading_ms = article_stats.reading_ms + excluded.reading_ms
       RETURNING views, likes, reading_ms`,
      id,
      ms,
    );
    return spending ? fromRow((await spending).row) : countersIn(statements, id);
  },
  SIDE_BY_SIDE,
);

/**
 * The static page's visit: its view counted, and whether the reader likes the article, as one
 * transaction saw them. A group's visits of one article are one upsert and one read of the likes,
 * side by side: on a pipelined connection, in the same round trip as the quotas.
 */
export const countArticleVisit = groupedBatch(
  import.meta.url,
  'countArticleVisit',
  (statements: Statements, calls: readonly [quota: Quota, id: number, actor: string][]) =>
    bySubject(
      calls,
      ([, id]) => id,
      async (id, visits): Promise<{ viewed: ArticleCounters; liked: boolean }[]> => {
        const [viewed, liked] = await Promise.all([
          countViews(
            statements,
            id,
            visits.map(([quota]) => quota),
          ),
          likedAmong(
            statements,
            'article',
            id,
            visits.map(([, , actor]) => actor),
          ),
        ]);
        return viewed.map((counters, i) => ({ viewed: counters, liked: liked.has(visits[i][2]) }));
      },
    ),
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

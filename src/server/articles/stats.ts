/** The article counters table: views, likes and reading time; the likes themselves are the likes module's. */
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { articleStats } from '../db/schema.ts';
import { ZERO, type ArticleCounters } from './counted.ts';

const counterColumns = { views: articleStats.views, likes: articleStats.likes, readingMs: articleStats.readingMs };

async function readCounters(db: Db, ids: readonly number[]): Promise<Map<number, ArticleCounters>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: articleStats.articleId, ...counterColumns })
    .from(articleStats)
    .where(inArray(articleStats.articleId, [...ids]));
  return new Map(rows.map(({ id, ...counters }) => [id, counters]));
}

export const COUNTER_CACHE_MS = 2000;

/**
 * Counters for lists, kept in memory for a moment. Lists are read far more often than they
 * change; this process's own writes update the cache at once, and writes by other instances
 * sharing a remote database show within COUNTER_CACHE_MS.
 */
export function createCounterCache(db: Db, ttlMs = COUNTER_CACHE_MS) {
  const entries = new Map<number, { counters: ArticleCounters; at: number }>();
  return {
    async get(ids: readonly number[]): Promise<Map<number, ArticleCounters>> {
      const now = Date.now();
      const found = new Map<number, ArticleCounters>();
      const missing: number[] = [];
      for (const id of ids) {
        const entry = entries.get(id);
        if (entry && now - entry.at < ttlMs) found.set(id, entry.counters);
        else missing.push(id);
      }
      const fetched = await readCounters(db, missing);
      for (const id of missing) {
        // A write that landed while we read is fresher than what we read.
        const written = entries.get(id);
        const counters = written && written.at > now ? written.counters : (fetched.get(id) ?? ZERO);
        if (!(written && written.at > now)) entries.set(id, { counters, at: now });
        found.set(id, counters);
      }
      return found;
    },
    /** A write by this process: the answer it got is the freshest there is. */
    put(id: number, counters: ArticleCounters): ArticleCounters {
      entries.set(id, { counters, at: Date.now() });
      return counters;
    },
  };
}

export type CounterCache = ReturnType<typeof createCounterCache>;

/** The article's counters as the like finds them, in its transaction. */
export async function currentCounters(db: Executor, id: number): Promise<ArticleCounters> {
  const [row] = await db.select(counterColumns).from(articleStats).where(eq(articleStats.articleId, id));
  return row ?? ZERO;
}

/** The most viewed article ids, more than asked so that removed articles can be skipped. */
export async function mostViewed(db: Db, limit: number): Promise<{ id: number; views: number }[]> {
  return db
    .select({ id: articleStats.articleId, views: articleStats.views })
    .from(articleStats)
    .orderBy(desc(articleStats.views), desc(articleStats.articleId))
    .limit(limit);
}

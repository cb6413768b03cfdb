/**
 * Rate-limit counts kept in the database, so every server process on it shares one budget per
 * client: two processes behind one proxy must not double what a client may do. One atomic upsert
 * per counted request: it starts a new window when the old one has ended.
 */
import { lt, sql } from 'drizzle-orm';
import type { Options, Store } from 'express-rate-limit';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

const PURGE_EVERY_MS = 10 * 60_000;

export function databaseRateLimitStore(db: Db, name: string): Store {
  let windowMs = 60_000;
  const keyOf = (key: string) => `${name}|${key}`;
  return {
    prefix: name,
    localKeys: false,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      const now = Date.now();
      const [row] = await db
        .insert(rateLimits)
        .values({ key: keyOf(key), hits: 1, resetAt: now + windowMs })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
            resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
          },
        })
        .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
      return { totalHits: row.hits, resetTime: new Date(row.resetAt) };
    },
    async decrement(key) {
      await db
        .update(rateLimits)
        .set({ hits: sql`max(0, ${rateLimits.hits} - 1)` })
        .where(sql`${rateLimits.key} = ${keyOf(key)}`);
    },
    async resetKey(key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${keyOf(key)}`);
    },
  };
}

/** Ended windows are only dead weight: cleared now and then. */
export function purgeEndedWindows(db: Db): NodeJS.Timeout {
  const timer = setInterval(() => {
    db.delete(rateLimits)
      .where(lt(rateLimits.resetAt, Date.now()))
      .catch((error) => console.error('清理过期的频率限制记录失败：', error));
  }, PURGE_EVERY_MS);
  timer.unref();
  return timer;
}

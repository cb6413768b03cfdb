/**
 * Where express-rate-limit counts a refusing budget: the budgets table (table.ts), each count
 * committed with the other small writes of the moment (db/groupCommit.ts) rather than in a commit
 * of its own.
 */
import type { Options, Store } from 'express-rate-limit';
import type { GroupCommit } from '../db/groupCommitOf.ts';
import { countHit, forgetEndedWindows, forgetHits, takeBackHit } from './table.ts';

export function databaseRateLimitStore(commit: GroupCommit, name: string): Store {
  let windowMs = 60_000;
  const keyOf = (key: string) => `${name}|${key}`;
  return {
    prefix: name,
    localKeys: false,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      const { hits, resetAt } = await commit.run(countHit, keyOf(key), windowMs);
      return { totalHits: hits, resetTime: new Date(resetAt) };
    },
    decrement: (key) => commit.run(takeBackHit, keyOf(key)),
    resetKey: (key) => commit.run(forgetHits, keyOf(key)),
  };
}

const PURGE_EVERY_MS = 10 * 60_000;

/** Ended windows are only dead weight: cleared now and then. */
export function purgeEndedWindows(commit: GroupCommit): NodeJS.Timeout {
  const timer = setInterval(() => {
    commit.run(forgetEndedWindows, Date.now()).catch((error) => console.error('清理过期的频率限制记录失败：', error));
  }, PURGE_EVERY_MS);
  timer.unref();
  return timer;
}

/**
 * Where express-rate-limit counts a refusing budget: the budgets table, each count committed with
 * the other small writes of the moment (db/groupCommit.ts) rather than in a commit of its own.
 */
import type { Options, Store } from 'express-rate-limit';
import type { GroupCommit } from '../db/groupCommit.ts';
import { countHit, forgetHits, takeBackHit } from './table.ts';

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
      const { hits, resetAt } = await commit.run((statements) => countHit(statements, keyOf(key), windowMs));
      return { totalHits: hits, resetTime: new Date(resetAt) };
    },
    decrement: (key) => commit.run((statements) => takeBackHit(statements, keyOf(key))),
    resetKey: (key) => commit.run((statements) => forgetHits(statements, keyOf(key))),
  };
}

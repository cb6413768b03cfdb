/**
 * What each domain lends to likes: whether readers can reach a target, and its counter. The
 * counters stay in each domain's own table (article_stats, talk_stats, messages, comments); the
 * likes module decides who may like and keeps the rows and counters in step.
 */
import type { Executor, Tx } from './table.ts';

/** A target's counters: at least its likes; a domain may keep more beside them (an article's views). */
export interface LikeCount {
  likes: number;
}

export interface LikeTarget<C extends LikeCount = LikeCount> {
  /** The target's counters, or null when readers cannot reach it (gone, hidden, held): then nobody may like it. */
  counter(db: Executor, id: number): Promise<C | null>;
  /** Moves the like counter by one, in the like's transaction, and answers the counters after. */
  bump(tx: Tx, id: number, by: 1 | -1): Promise<C>;
  /** Told once the like's transaction has committed, for a domain that caches its counters. */
  settled?(id: number, counters: C): void;
}

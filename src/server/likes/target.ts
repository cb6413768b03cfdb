/**
 * What each domain lends to likes: whether readers can reach a target, its counter, and its like
 * as a grouped write. The counters stay in each domain's own table (article_stats, talk_stats,
 * messages, comments); the likes module decides who may like and keeps the rows and counters in step.
 */
import type { GroupedWrite } from '../db/groupedWrites.ts';
import type { Executor } from '../db/client.ts';
import type { Actor } from './table.ts';

/** A target's counters: at least its likes; a domain may keep more beside them (an article's views). */
export interface LikeCount {
  likes: number;
}

/** What came of a like or its withdrawal. */
export interface LikeOutcome<C extends LikeCount = LikeCount> {
  /** False when the reader had already liked it (or had not, for an unlike). */
  changed: boolean;
  counters: C;
}

export interface LikeTarget<C extends LikeCount = LikeCount> {
  /** The target's counters, or null when readers cannot reach it (gone, hidden, held): then nobody may like it. */
  counter(db: Executor, id: number): Promise<C | null>;
  /**
   * What only this process knows of reaching the target (the build's catalog, the page a comment is
   * on), asked before the like is written; the like's own write checks what the database knows.
   */
  reachable?(id: number): boolean | Promise<boolean>;
  /** Records or withdraws a like with the counter, in the group commit (likes/statements.ts's setLikeIn); null when the target cannot be reached. */
  like: GroupedWrite<[id: number, actor: Actor, liked: boolean], LikeOutcome<C> | null>;
  /** Told once the like's transaction has committed, for a domain that caches its counters. */
  settled?(id: number, counters: C): void;
}

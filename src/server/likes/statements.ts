/**
 * The likes table among the group commit's statements (db/groupedWrites.ts): whether a reader likes
 * a target, and a like set or withdrawn with its target's counter, in one transaction. Each domain
 * declares its own like as a grouped write over `setLikeIn`, with the SQL of its counter. They may
 * run in the group commit's own thread, so this module imports no ORM.
 */
import type { LikeKind } from '../../contract/likes.ts';
import type { Statements } from '../db/groupCommit.ts';
import { keyCounts } from '../db/keyCounts.ts';
import type { Actor } from './table.ts';
import type { LikeCount, LikeOutcome } from './target.ts';

/**
 * Which of the readers (?1, db/keyCounts.ts) like the target, each looked up by the primary key: a
 * subquery in the select list runs row by row. (As a join or EXISTS, PostgreSQL may plan a scan of
 * every like of the target: once a popular article had thousands, every group of views read them.)
 */
const LIKED_AMONG = `SELECT readers.key AS actor,
    (SELECT 1 FROM likes WHERE type = ?2 AND target_id = ?3 AND actor = readers.key) AS liked
  FROM json_each(?1) AS readers`;

/** Which of the readers like the target: `is_like` beside a counted visit, as its transaction saw it. One statement for them all. */
export async function likedAmong(
  statements: Statements,
  kind: LikeKind,
  id: number,
  actors: readonly Actor[],
): Promise<Set<Actor>> {
  const rows = await statements.all<{ actor: Actor; liked: number | null }>(
    LIKED_AMONG,
    keyCounts(actors).parameter,
    kind,
    id,
  );
  return new Set(rows.flatMap((row) => (row.liked === null ? [] : [row.actor])));
}

/** A target's counter as its domain keeps it. */
export interface CounterIn<C extends LikeCount> {
  /** The counters, or null when readers cannot reach the target, as far as the database says. */
  read(): Promise<C | null>;
  /** Moves the like counter by one, never below zero, and answers the counters after; null if the target went meanwhile. */
  bump(by: 1 | -1): Promise<C | null>;
}

/** A row of a counter kept in a `likes` column. */
export type LikesRow = { likes: number };

/** A row's `likes` column as a counter, or null without a row: the count alone, for the driver adds fields of its own to a row. */
export const likesIn = (row: LikesRow | undefined): LikeCount | null => (row ? { likes: row.likes } : null);

/** Records or removes the reader's like with its counter; null when readers cannot reach the target. */
export async function setLikeIn<C extends LikeCount>(
  statements: Statements,
  kind: LikeKind,
  id: number,
  actor: Actor,
  liked: boolean,
  counter: CounterIn<C>,
): Promise<LikeOutcome<C> | null> {
  // The target is read in the like's transaction: on SQLite, whose write lock that holds, a like never outlives a target removed at the same moment.
  const before = await counter.read();
  if (before === null) return null;
  const row = liked
    ? await statements.get(
        'INSERT INTO likes (type, target_id, actor) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING actor',
        kind,
        id,
        actor,
      )
    : await statements.get(
        'DELETE FROM likes WHERE type = ? AND target_id = ? AND actor = ? RETURNING actor',
        kind,
        id,
        actor,
      );
  if (row === undefined) return { changed: false, counters: before };
  // On PostgreSQL the target is not locked by the read: one removed since is gone for this reader too.
  const after = await counter.bump(liked ? 1 : -1);
  return after ? { changed: true, counters: after } : null;
}

/**
 * Liking, for every kind of target: the one rule (a reader may like what they can reach), one row
 * per reader in the likes table, and the target's counter moved in the same transaction, a grouped
 * write (db/groupedWrites.ts): a like never waits on the disk in the thread that serves pages. The
 * generic `/api/like/*` routes and each domain's own like routes all come here, so either way of
 * liking records one like and counts it once. Who the reader is (an account or a device) is
 * api/actor.ts's to say.
 */
import type { LikeKind } from '../../contract/likes.ts';
import type { Db } from '../db/client.ts';
import { groupCommitOf } from '../db/groupCommitOf.ts';
import { likedAmong, type Actor } from './table.ts';
import type { LikeTarget } from './target.ts';

export interface LikeChange {
  /** False when the reader had already liked it (or had not, for an unlike). */
  changed: boolean;
  likes: number;
}

export type LikeTargets = Record<LikeKind, LikeTarget>;

export function createLikeService(db: Db, targets: LikeTargets) {
  /** Records or removes the reader's like with its counter; null when readers cannot reach the target. */
  async function setLiked(kind: LikeKind, id: number, actor: Actor, liked: boolean): Promise<LikeChange | null> {
    const target = targets[kind];
    if (target.reachable && !(await target.reachable(id))) return null;
    const outcome = await groupCommitOf(db).run(target.like, id, actor, liked);
    if (!outcome) return null;
    target.settled?.(id, outcome.counters);
    return { changed: outcome.changed, likes: outcome.counters.likes };
  }

  return {
    setLiked,
    like: (kind: LikeKind, id: number, actor: Actor) => setLiked(kind, id, actor, true),
    unlike: (kind: LikeKind, id: number, actor: Actor) => setLiked(kind, id, actor, false),

    /** null when readers cannot reach the target. */
    async isLiked(kind: LikeKind, id: number, actor: Actor): Promise<boolean | null> {
      if ((await targets[kind].counter(db, id)) === null) return null;
      return (await likedAmong(db, kind, [id], actor)).has(id);
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;

/**
 * Liking, for every kind of target: the one rule (a reader may like what they can reach), one row
 * per reader in the likes table, and the target's counter moved in the same transaction. The
 * generic `/api/like/*` routes and each domain's own like routes all come here, so either way of
 * liking records one like and counts it once. Who the reader is (an account or a device) is
 * api/actor.ts's to say.
 */
import type { LikeKind } from '../../contract/likes.ts';
import type { Db } from '../db/client.ts';
import { likedAmong, recordLike, type Actor } from './table.ts';
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
    // The target is looked up in the transaction, so a like never outlives a target deleted at the same moment.
    const outcome = await db.transaction(async (tx) => {
      const before = await target.counter(tx, id);
      if (before === null) return null;
      if (!(await recordLike(tx, kind, id, actor, liked))) return { changed: false, counters: before };
      return { changed: true, counters: await target.bump(tx, id, liked ? 1 : -1) };
    });
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

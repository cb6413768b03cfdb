/** The likes table: one row per kind, target and reader, so a second like of the same target is recognised. */
import { and, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { LikeKind } from '../../contract/likes.ts';
import type { Executor } from '../db/client.ts';
import { likes } from '../db/schema.ts';

/** Who a like belongs to, as the likes table keys a reader (src/server/api/actor.ts says how readers are told apart). */
export type Actor = string;

/** Which of these targets the reader has liked: `is_like` for a list or a page. */
export async function likedAmong(
  db: Executor,
  kind: LikeKind,
  ids: readonly number[],
  actor: Actor,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: likes.targetId })
    .from(likes)
    .where(and(eq(likes.type, kind), eq(likes.actor, actor), inArray(likes.targetId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Removes every like of targets being deleted: a list of ids, or a query selecting them. */
export async function forgetLikes(tx: Executor, kind: LikeKind, ids: readonly number[] | SQLWrapper): Promise<void> {
  await tx
    .delete(likes)
    .where(
      and(
        eq(likes.type, kind),
        inArray(likes.targetId, Array.isArray(ids) ? [...(ids as readonly number[])] : (ids as SQLWrapper)),
      ),
    );
}

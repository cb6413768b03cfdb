/** The likes table: one row per kind, target and reader, so a second like of the same target is recognised. */
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { LikeKind } from '../../contract/likes.ts';
import type { Db } from '../db/client.ts';
import { comments, likes, messages } from '../db/schema.ts';

/** Who a like belongs to, as the likes table keys a reader (src/server/api/actor.ts says how readers are told apart). */
export type Actor = string;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

const oneLike = (kind: LikeKind, id: number, actor: Actor) => and(eq(likes.type, kind), eq(likes.targetId, id), eq(likes.actor, actor));

/** Adds (or removes) the reader's row; false when it was already so. */
export async function recordLike(tx: Executor, kind: LikeKind, id: number, actor: Actor, liked: boolean): Promise<boolean> {
  const changed = liked
    ? await tx.insert(likes).values({ type: kind, targetId: id, actor }).onConflictDoNothing().returning({ actor: likes.actor })
    : await tx.delete(likes).where(oneLike(kind, id, actor)).returning({ actor: likes.actor });
  return changed.length > 0;
}

/** Which of these targets the reader has liked: `is_like` for a list or a page. */
export async function likedAmong(db: Executor, kind: LikeKind, ids: readonly number[], actor: Actor): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: likes.targetId })
    .from(likes)
    .where(and(eq(likes.type, kind), eq(likes.actor, actor), inArray(likes.targetId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Removes every like of targets being deleted: a list of ids, or a query selecting them. */
export async function forgetLikes(tx: Executor, kind: LikeKind, ids: readonly number[] | SQLWrapper): Promise<void> {
  await tx.delete(likes).where(and(eq(likes.type, kind), inArray(likes.targetId, Array.isArray(ids) ? [...(ids as readonly number[])] : (ids as SQLWrapper))));
}

/** Moves the like counter that posts and comments keep on their own row (so the hot order is one indexed sort), never below zero. */
export async function bumpRowLikes(tx: Tx, table: typeof messages | typeof comments, id: number, by: 1 | -1): Promise<{ likes: number }> {
  const [row] = await tx
    .update(table)
    .set({ likes: sql`max(0, ${table.likes} + ${by})` })
    .where(eq(table.id, id))
    .returning({ likes: table.likes });
  return row;
}

/** Likes of posts: the likes table's rows and each post's counter always change together. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { likes, messages } from '../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface LikeOutcome {
  /** False when the reader had already liked (or had not liked, for an unlike). */
  changed: boolean;
  likes: number;
}

const byActor = (ids: readonly number[], actor: string) => and(eq(likes.type, 'message'), inArray(likes.targetId, [...ids]), eq(likes.actor, actor));

/** The post as readers can reach it: there, and not hidden by the owner (a hidden post takes its thread with it). */
export const visiblePost = (id: number) => and(eq(messages.id, id), eq(messages.hidden, false));

/** The post's likes; null when readers cannot reach it. */
async function counter(tx: Tx, id: number): Promise<number | null> {
  const [post] = await tx.select({ likes: messages.likes }).from(messages).where(visiblePost(id)).limit(1);
  return post?.likes ?? null;
}

async function bump(tx: Tx, id: number, by: 1 | -1): Promise<number> {
  const [post] = await tx
    .update(messages)
    .set({ likes: sql`max(0, ${messages.likes} + ${by})` })
    .where(eq(messages.id, id))
    .returning({ likes: messages.likes });
  return post.likes;
}

/**
 * Records the like and raises the counter; a repeat like changes nothing. The post is looked up
 * in the same transaction, so a like never outlives a post deleted at the same moment.
 * null when there is no such post.
 */
export function like(db: Db, id: number, actor: string): Promise<LikeOutcome | null> {
  return db.transaction(async (tx) => {
    const before = await counter(tx, id);
    if (before === null) return null;
    const inserted = await tx.insert(likes).values({ type: 'message', targetId: id, actor }).onConflictDoNothing().returning({ actor: likes.actor });
    return inserted.length === 0 ? { changed: false, likes: before } : { changed: true, likes: await bump(tx, id, 1) };
  });
}

export function unlike(db: Db, id: number, actor: string): Promise<LikeOutcome | null> {
  return db.transaction(async (tx) => {
    const before = await counter(tx, id);
    if (before === null) return null;
    const removed = await tx.delete(likes).where(byActor([id], actor)).returning({ actor: likes.actor });
    return removed.length === 0 ? { changed: false, likes: before } : { changed: true, likes: await bump(tx, id, -1) };
  });
}

/** Which of these posts the actor has liked. */
export async function likedBy(db: Db, ids: readonly number[], actor: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: likes.targetId }).from(likes).where(byActor(ids, actor));
  return new Set(rows.map((row) => row.id));
}

/** The talk counters and likes tables. A like and its counter always change together. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { likes, talkStats } from '../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface LikeOutcome {
  /** False when the reader had already liked (or had not liked, for an unlike). */
  changed: boolean;
  likes: number;
}

const ofTalks = (ids: readonly number[], actor: string) => and(eq(likes.type, 'talk'), inArray(likes.targetId, [...ids]), eq(likes.actor, actor));

async function bump(tx: Tx, id: number, by: 1 | -1): Promise<number> {
  const [row] = await tx
    .insert(talkStats)
    .values({ talkId: id, likes: Math.max(0, by) })
    .onConflictDoUpdate({ target: talkStats.talkId, set: { likes: sql`max(0, ${talkStats.likes} + ${by})` } })
    .returning({ likes: talkStats.likes });
  return row.likes;
}

async function current(tx: Tx, id: number): Promise<number> {
  const [row] = await tx.select({ likes: talkStats.likes }).from(talkStats).where(eq(talkStats.talkId, id));
  return row?.likes ?? 0;
}

/** Records the like and raises the counter in one transaction; a repeat like changes nothing. */
export function like(db: Db, id: number, actor: string): Promise<LikeOutcome> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(likes).values({ type: 'talk', targetId: id, actor }).onConflictDoNothing().returning({ actor: likes.actor });
    return inserted.length === 0 ? { changed: false, likes: await current(tx, id) } : { changed: true, likes: await bump(tx, id, 1) };
  });
}

export function unlike(db: Db, id: number, actor: string): Promise<LikeOutcome> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(likes).where(ofTalks([id], actor)).returning({ actor: likes.actor });
    return removed.length === 0 ? { changed: false, likes: await current(tx, id) } : { changed: true, likes: await bump(tx, id, -1) };
  });
}

export async function likeCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: talkStats.talkId, likes: talkStats.likes }).from(talkStats).where(inArray(talkStats.talkId, [...ids]));
  return new Map(rows.map((row) => [row.id, row.likes]));
}

/** Which of these talks the actor has liked. */
export async function likedBy(db: Db, ids: readonly number[], actor: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: likes.targetId }).from(likes).where(ofTalks(ids, actor));
  return new Set(rows.map((row) => row.id));
}

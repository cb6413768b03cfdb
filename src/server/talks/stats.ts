/** The talk counters table; the likes themselves are the likes module's. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { talkStats } from '../db/schema.ts';
import type { Executor, Tx } from '../likes/table.ts';

export async function likeCount(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ likes: talkStats.likes }).from(talkStats).where(eq(talkStats.talkId, id));
  return row?.likes ?? 0;
}

export async function bumpLikes(tx: Tx, id: number, by: 1 | -1): Promise<number> {
  const [row] = await tx
    .insert(talkStats)
    .values({ talkId: id, likes: Math.max(0, by) })
    .onConflictDoUpdate({ target: talkStats.talkId, set: { likes: sql`max(0, ${talkStats.likes} + ${by})` } })
    .returning({ likes: talkStats.likes });
  return row.likes;
}

export async function likeCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: talkStats.talkId, likes: talkStats.likes }).from(talkStats).where(inArray(talkStats.talkId, [...ids]));
  return new Map(rows.map((row) => [row.id, row.likes]));
}

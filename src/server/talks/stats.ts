/** The talk counters table; the likes themselves are the likes module's. */
import { eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { talkStats } from '../db/schema.ts';

export async function likeCount(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ likes: talkStats.likes }).from(talkStats).where(eq(talkStats.talkId, id));
  return row?.likes ?? 0;
}

export async function likeCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: talkStats.talkId, likes: talkStats.likes })
    .from(talkStats)
    .where(inArray(talkStats.talkId, [...ids]));
  return new Map(rows.map((row) => [row.id, row.likes]));
}

/** How many comments (replies included) each post or talk has, for the `comment_total` of a list: the same count as `getCommentTotal`'s. */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { CommentTargetCode } from '../../contract/comments.ts';
import type { Db } from '../db/client.ts';
import { comments } from '../db/schema.ts';
import { shownComments } from './reads.ts';

export async function commentCounts(
  db: Db,
  type: CommentTargetCode,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: comments.forId, total: count() })
    .from(comments)
    .where(and(eq(comments.type, type), inArray(comments.forId, [...ids]), shownComments))
    .groupBy(comments.forId);
  return new Map(rows.map((row) => [row.id, row.total]));
}

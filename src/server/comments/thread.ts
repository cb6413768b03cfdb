/** The parts of writing a comment that concern its thread: whom a reply answers, what a deletion takes with it. */
import { and, eq, inArray, or } from 'drizzle-orm';
import { comments } from '../db/schema.ts';
import { forgetLikes } from '../likes/table.ts';
import { InvalidInput } from '../shared/errors.ts';
import type { CommentFacts } from './news.ts';
import type { Executor } from '../db/client.ts';
import type { CommentRow } from './reads.ts';

export function factsOf(row: CommentRow): CommentFacts {
  return {
    id: row.id,
    type: row.type,
    forId: row.forId,
    parentId: row.parentId,
    userId: row.userId,
    writerName: row.fromName ?? row.guestName ?? '',
    toUserId: row.toUserId,
    toCommentId: row.toCommentId,
    content: row.content,
  };
}

/** Answering a guest: the comment answered must be a guest's. */
export function guestAddressee(parent: { userId: number | null; guestName: string | null }, parentId: number) {
  if (parent.userId !== null || !parent.guestName)
    throw new InvalidInput('to_id 为 0 时，parent_id 必须是访客的评论', ['to_id']);
  return { toCommentId: parentId, toGuestName: parent.guestName };
}

/** Answering an account: someone who wrote in this thread. */
export async function accountAddressee(tx: Executor, rootId: number, toId: number) {
  const [inThread] = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.userId, toId), or(eq(comments.id, rootId), eq(comments.parentId, rootId))))
    .limit(1);
  if (!inThread) throw new InvalidInput('只能回复这条评论下发言过的人', ['to_id']);
  return { toUserId: toId };
}

/** Roots go with their replies, and every one with its likes. Answers how many of `ids` existed. */
export async function removeWithReplies(tx: Executor, ids: number[]): Promise<number> {
  const found = await tx.select({ id: comments.id }).from(comments).where(inArray(comments.id, ids));
  if (!found.length) return 0;
  const doomed = or(inArray(comments.id, ids), inArray(comments.parentId, ids));
  await forgetLikes(tx, 'comment', tx.select({ id: comments.id }).from(comments).where(doomed));
  await tx.delete(comments).where(doomed);
  return found.length;
}

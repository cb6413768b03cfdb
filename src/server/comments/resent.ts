/** Finding the comment a retry repeats (shared/resent.ts): same writer, same place, same addressee, same words. */
import { and, desc, eq, gte, isNull, type Column } from 'drizzle-orm';
import type { CommentTargetCode } from '../../contract/comments.ts';
import type { Executor } from '../db/client.ts';
import { comments } from '../db/schema.ts';
import { resentSince } from '../shared/resent.ts';
import { findComment, type CommentRow } from './reads.ts';

export interface CommentPlace {
  type: CommentTargetCode;
  forId: number;
  /** The root a reply hangs from; null for a root. */
  parentId: number | null;
  toUserId?: number | null;
  toCommentId?: number | null;
}

/** Who wrote it: an account, or a guest's device (a hash of their reader cookie). */
export type CommentWriterKey = { userId: number } | { device: string };

const sameOrNone = (column: Column, value: number | null) => (value === null ? isNull(column) : eq(column, value));

export async function resentComment(
  tx: Executor,
  writer: CommentWriterKey,
  place: CommentPlace,
  content: string,
): Promise<CommentRow | null> {
  const [row] = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.type, place.type),
        eq(comments.forId, place.forId),
        sameOrNone(comments.parentId, place.parentId),
        'userId' in writer
          ? eq(comments.userId, writer.userId)
          : and(isNull(comments.userId), eq(comments.guestDevice, writer.device)),
        sameOrNone(comments.toUserId, place.toUserId ?? null),
        sameOrNone(comments.toCommentId, place.toCommentId ?? null),
        eq(comments.content, content),
        eq(comments.hidden, false),
        gte(comments.createdAt, resentSince()),
      ),
    )
    .orderBy(desc(comments.id))
    .limit(1);
  return row ? findComment(tx, row.id) : null;
}

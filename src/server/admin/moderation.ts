/** Moderation: finding comments and messages by their text or author, and hiding them (deleting goes through their own domains). */
import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { AdminComment, AdminCommentStatus, AdminMessage } from '../../contract/admin.ts';
import type { Page } from '../../contract/envelope.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import type { Db } from '../db/client.ts';
import { comments, messages, users } from '../db/schema.ts';
import { NotFound } from '../shared/errors.ts';
import { contains } from '../shared/textSearch.ts';

export function createModeration(db: Db) {
  return {
    async comments(
      keyword: string,
      status: AdminCommentStatus,
      current: number,
      size: number,
    ): Promise<Page<AdminComment>> {
      const words = keyword
        ? or(
            contains(comments.content, keyword),
            contains(users.nickName, keyword),
            contains(comments.guestName, keyword),
          )
        : undefined;
      const where = and(
        words,
        status === 'held' ? eq(comments.held, true) : status === 'hidden' ? eq(comments.hidden, true) : undefined,
      );
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(comments).leftJoin(users, eq(users.id, comments.userId)).where(where),
        db
          .select({ row: comments, nickName: users.nickName })
          .from(comments)
          .leftJoin(users, eq(users.id, comments.userId))
          .where(where)
          .orderBy(desc(comments.id))
          .limit(size)
          .offset((current - 1) * size),
      ]);
      const list = rows.map(({ row, nickName }) => ({
        id: row.id,
        type: row.type,
        for_id: row.forId,
        parent_id: row.parentId,
        content: row.content,
        user_id: row.userId ?? 0,
        nick_name: nickName ?? row.guestName ?? '',
        hidden: row.hidden,
        held: row.held,
        ...(row.guestEmail ? { guest_email: row.guestEmail } : {}),
        ...(row.guestSite ? { guest_site: row.guestSite } : {}),
        createdAt: formatDateTime(row.createdAt),
      }));
      return { current, size, total, list };
    },

    async messages(keyword: string, current: number, size: number): Promise<Page<AdminMessage>> {
      const where = keyword
        ? or(contains(messages.message, keyword), contains(messages.tag, keyword), contains(users.nickName, keyword))
        : undefined;
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(messages).innerJoin(users, eq(users.id, messages.userId)).where(where),
        db
          .select({ row: messages, nickName: users.nickName })
          .from(messages)
          .innerJoin(users, eq(users.id, messages.userId))
          .where(where)
          .orderBy(desc(messages.id))
          .limit(size)
          .offset((current - 1) * size),
      ]);
      const list = rows.map(({ row, nickName }) => ({
        id: row.id,
        message: row.message,
        tag: row.tag,
        user_id: row.userId,
        nick_name: nickName,
        hidden: row.hidden,
        createdAt: formatDateTime(row.createdAt),
      }));
      return { current, size, total, list };
    },

    /** A hidden root takes its replies out of view with it, since they only show under it. Answers how many were found. */
    async hideComments(ids: number[], hidden: boolean): Promise<number> {
      const changed = await db
        .update(comments)
        .set({ hidden })
        .where(inArray(comments.id, ids))
        .returning({ id: comments.id });
      if (!changed.length) throw new NotFound('评论不存在');
      return changed.length;
    },

    /** Everything a user wrote, out of view (when they are disabled for it); the owner can show any of it again. */
    async hideWritingOf(userId: number): Promise<{ comments: number; messages: number }> {
      return db.transaction(async (tx) => {
        const hiddenComments = await tx
          .update(comments)
          .set({ hidden: true })
          .where(and(eq(comments.userId, userId), eq(comments.hidden, false)))
          .returning({ id: comments.id });
        const hiddenMessages = await tx
          .update(messages)
          .set({ hidden: true })
          .where(and(eq(messages.userId, userId), eq(messages.hidden, false)))
          .returning({ id: messages.id });
        return { comments: hiddenComments.length, messages: hiddenMessages.length };
      });
    },

    async hideMessage(id: number, hidden: boolean): Promise<void> {
      const changed = await db
        .update(messages)
        .set({ hidden })
        .where(eq(messages.id, id))
        .returning({ id: messages.id });
      if (!changed.length) throw new NotFound('留言不存在');
    },
  };
}

export type Moderation = ReturnType<typeof createModeration>;

/** Moderation: finding comments and posts by their text or author, and hiding them (deleting goes through their own domains). */
import { count, desc, eq, or } from 'drizzle-orm';
import type { AdminComment, AdminMessage } from '../../contract/admin.ts';
import type { Page } from '../../contract/envelope.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Db } from '../db/client.ts';
import { comments, messages, users } from '../db/schema.ts';
import { NotFound } from '../shared/errors.ts';
import { contains } from '../shared/textSearch.ts';


export function createModeration(db: Db) {
  return {
    async comments(keyword: string, current: number, size: number): Promise<Page<AdminComment>> {
      const where = keyword ? or(contains(comments.content, keyword), contains(users.nickName, keyword)) : undefined;
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(comments).innerJoin(users, eq(users.id, comments.userId)).where(where),
        db
          .select({ row: comments, nickName: users.nickName })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.userId))
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
        user_id: row.userId,
        nick_name: nickName,
        hidden: row.hidden,
        createdAt: formatDateTime(row.createdAt),
      }));
      return { current, size, total, list };
    },

    async messages(keyword: string, current: number, size: number): Promise<Page<AdminMessage>> {
      const where = keyword ? or(contains(messages.message, keyword), contains(messages.tag, keyword), contains(users.nickName, keyword)) : undefined;
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

    /** A hidden root takes its replies out of view with it, since they only show under it. */
    async hideComment(id: number, hidden: boolean): Promise<void> {
      const changed = await db.update(comments).set({ hidden }).where(eq(comments.id, id)).returning({ id: comments.id });
      if (!changed.length) throw new NotFound('评论不存在');
    },

    async hideMessage(id: number, hidden: boolean): Promise<void> {
      const changed = await db.update(messages).set({ hidden }).where(eq(messages.id, id)).returning({ id: messages.id });
      if (!changed.length) throw new NotFound('留言不存在');
    },
  };
}

export type Moderation = ReturnType<typeof createModeration>;

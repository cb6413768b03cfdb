/**
 * Comments (docs/api.md §9.1): two-level threads on articles, talks and message-board posts.
 * Each kind of target is lent by its own domain (targets.ts).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { COMMENT_TARGET_NAMES, type AddedComment, type AddedReply, type CommentTargetCode, type ReplyComment, type RootComment } from '../../contract/comments.ts';
import type { Page } from '../../contract/envelope.ts';
import { ROLE, type RoleCode } from '../../contract/users.ts';
import { html } from '../../lib/html.ts';
import { commentContentProblem, excerpt } from '../../lib/text.ts';
import type { Db } from '../db/client.ts';
import { comments, likes } from '../db/schema.ts';
import type { NotificationService } from '../notifications/service.ts';
import { InvalidInput, NotFound, NotYours } from '../shared/errors.ts';
import { ipLocation } from '../shared/ipLocation.ts';
import { commentTotal, findComment, isLiked, reachableComment, newRootShape, replyPage, replyShape, rootPage, type Executor, type RootPageQuery } from './reads.ts';
import type { CommentTargetInfo, CommentTargets } from './targets.ts';

/** The logged-in user acting. */
export interface Commenter {
  id: number;
  nickName: string;
  role: RoleCode;
}

export interface NewComment {
  type: CommentTargetCode;
  forId: number;
  content: string;
  /** The writer's address: only its IP 属地 is kept. */
  ip: string;
}

export interface NewReply extends NewComment {
  /** The root's id, or a reply's: then the reply goes under that reply's root. */
  parentId: number;
  toId: number;
}

export interface LikeChange {
  /** False when the reader had already liked it (or had not, for an unlike). */
  changed: boolean;
  likes: number;
}

export interface CommentServiceOptions {
  targets: CommentTargets;
  notifications: Pick<NotificationService, 'notify'>;
  /** Show each comment's IP 属地 (`IP_LOCATION`); when off, none is looked up, kept or shown. */
  showIpLocation?: boolean;
}

const MISSING_COMMENT = '评论不存在';

export function createCommentService(db: Db, { targets, notifications, showIpLocation = true }: CommentServiceOptions) {
  const locationOf = (ip: string) => (showIpLocation ? ipLocation(ip) : '');
  /** The comment as readers get it: with its IP 属地 only while the owner shows them. */
  const shown = <T extends { ipAddress?: string }>(comment: T): T => {
    if (showIpLocation) return comment;
    const { ipAddress: _, ...rest } = comment;
    return rest as T;
  };
  const shownPage = <T extends { ipAddress?: string }>(page: Page<T>): Page<T> => (showIpLocation ? page : { ...page, list: page.list.map(shown) });

  async function target(type: CommentTargetCode, forId: number): Promise<CommentTargetInfo> {
    const found = await targets[type].find(forId);
    if (!found) throw new NotFound(`${COMMENT_TARGET_NAMES[type]}不存在`);
    return found;
  }

  /** Stored as typed, only trimmed: it is shown as text, never as HTML. */
  function contentOf(content: string): string {
    const trimmed = content.trim();
    const problem = commentContentProblem(trimmed);
    if (problem) throw new InvalidInput(problem, ['content']);
    return trimmed;
  }

  async function insert(tx: Executor, values: typeof comments.$inferInsert) {
    const [{ id }] = await tx.insert(comments).values(values).returning({ id: comments.id });
    return (await findComment(tx, id))!;
  }

  /** A comment's likes, or null when readers cannot reach it: it, its thread or what it is on is gone or hidden. */
  async function likesOf(tx: Executor, id: number): Promise<number | null> {
    const row = await reachableComment(tx, id);
    if (!row || !(await targets[row.type as CommentTargetCode].find(row.forId))) return null;
    return row.likes;
  }

  return {
    /** A root comment; the target's owner is told. */
    async add(user: Commenter, { type, forId, content, ip }: NewComment): Promise<AddedComment> {
      const text = contentOf(content);
      const info = await target(type, forId);
      return db.transaction(async (tx) => {
        const row = await insert(tx, { type, forId, userId: user.id, content: text, ipLocation: locationOf(ip) });
        if (info.ownerId) {
          const message = html`<b>${user.nickName}</b> 评论了你的${info.title}：${excerpt(text)}`;
          await notifications.notify([{ userId: info.ownerId, type, toId: forId, message }], user.id, tx);
        }
        return shown({ ...newRootShape(row), parent_id: null, type, for_id: forId });
      });
    },

    /** A reply in a thread, addressed to someone who wrote in it; they are told. */
    async reply(user: Commenter, { type, forId, parentId, toId, content, ip }: NewReply): Promise<AddedReply> {
      const text = contentOf(content);
      const info = await target(type, forId);
      return db.transaction(async (tx) => {
        const parent = await reachableComment(tx, parentId);
        if (!parent) throw new NotFound(MISSING_COMMENT);
        if (parent.type !== type || parent.forId !== forId) throw new InvalidInput(`这条评论不属于该${COMMENT_TARGET_NAMES[type]}`, ['parent_id']);
        const rootId = parent.parentId ?? parentId;
        const [inThread] = await tx
          .select({ id: comments.id })
          .from(comments)
          .where(and(eq(comments.userId, toId), or(eq(comments.id, rootId), eq(comments.parentId, rootId))))
          .limit(1);
        if (!inThread) throw new InvalidInput('只能回复这条评论下发言过的人', ['to_id']);
        const row = await insert(tx, { type, forId, parentId: rootId, userId: user.id, toUserId: toId, content: text, ipLocation: locationOf(ip) });
        const message = html`<b>${user.nickName}</b> 回复了你在${info.title}下的评论：${excerpt(text)}`;
        await notifications.notify([{ userId: toId, type, toId: forId, message, mail: 'reply' }], user.id, tx);
        return shown({ ...replyShape(row, false), parent_id: rootId, type, for_id: forId });
      });
    },

    /** Records or removes the actor's like with its counter; null when there is no such comment. */
    async setLiked(id: number, actor: string, liked: boolean): Promise<LikeChange | null> {
      return db.transaction(async (tx) => {
        const before = await likesOf(tx, id);
        if (before === null) return null;
        const changed = liked
          ? await tx.insert(likes).values({ type: 'comment', targetId: id, actor }).onConflictDoNothing().returning({ actor: likes.actor })
          : await tx
              .delete(likes)
              .where(and(eq(likes.type, 'comment'), eq(likes.targetId, id), eq(likes.actor, actor)))
              .returning({ actor: likes.actor });
        if (changed.length === 0) return { changed: false, likes: before };
        const [row] = await tx
          .update(comments)
          .set({ likes: sql`max(0, ${comments.likes} + ${liked ? 1 : -1})` })
          .where(eq(comments.id, id))
          .returning({ likes: comments.likes });
        return { changed: true, likes: row.likes };
      });
    },

    /** null when there is no such comment. */
    async isLiked(id: number, actor: string): Promise<boolean | null> {
      if ((await likesOf(db, id)) === null) return null;
      return isLiked(db, id, actor);
    },

    /** One's own comment, or any for an admin. A root goes with its replies, and their likes with them. */
    async remove(user: Pick<Commenter, 'id' | 'role'>, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ userId: comments.userId, parentId: comments.parentId }).from(comments).where(eq(comments.id, id)).limit(1);
        if (!row) throw new NotFound(MISSING_COMMENT);
        if (row.userId !== user.id && user.role !== ROLE.admin) throw new NotYours('只能删除自己的评论');
        const doomed = row.parentId === null ? or(eq(comments.id, id), eq(comments.parentId, id)) : eq(comments.id, id);
        await tx.delete(likes).where(and(eq(likes.type, 'comment'), inArray(likes.targetId, tx.select({ id: comments.id }).from(comments).where(doomed))));
        await tx.delete(comments).where(doomed);
      });
    },

    async roots(query: RootPageQuery, actor: string): Promise<Page<RootComment>> {
      await target(query.type, query.forId);
      return shownPage(await rootPage(db, query, actor));
    },

    /** The replies of a root; a reply's id stands for its root, as it does when replying. */
    async replies(parentId: number, current: number, size: number, actor: string): Promise<Page<ReplyComment>> {
      const parent = await reachableComment(db, parentId);
      if (!parent) throw new NotFound(MISSING_COMMENT);
      return shownPage(await replyPage(db, parent.parentId ?? parentId, current, size, actor));
    },

    async total(type: CommentTargetCode, forId: number): Promise<number> {
      await target(type, forId);
      return commentTotal(db, type, forId);
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;

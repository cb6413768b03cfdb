/**
 * The message board (docs/api.md §9.2): messages by logged-in readers, each with the look its author
 * chose, its likes and the count of its comments. Deleting a message takes its comments and likes with it.
 */
import { and, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Page } from '../../contract/envelope.ts';
import { HOT_TAG_COUNT } from '../../contract/limits.ts';
import { NOTIFICATION_TYPE } from '../../contract/notifications.ts';
import type { BoardMessage, HotTag } from '../../contract/messages.ts';
import { ROLE, type RoleCode } from '../../contract/users.ts';
import { html } from '../../lib/shared/html.ts';
import { fontSizePx } from '../../lib/shared/messageRules.ts';
import { excerpt } from '../../lib/shared/text.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import type { Db } from '../db/client.ts';
import { comments, messages, users } from '../db/schema.ts';
import type { NotificationService } from '../notifications/service.ts';
import { NotFound, NotYours, Refused } from '../shared/errors.ts';
import { resentSince } from '../shared/resent.ts';
import { contains } from '../shared/textSearch.ts';
import { ipLocation, UNKNOWN_LOCATION } from '../shared/ipLocation.ts';
import type { UploadService } from '../uploads/service.ts';
import { commentCounts } from '../comments/counts.ts';
import { forgetLikes, likedAmong, type Actor } from '../likes/table.ts';
import { messageLikeTarget, visibleMessage } from './likes.ts';

/** A message's fields as checked by the route: trimmed, `''` for the default look, `font_size` as the CSS `"16px"`. */
export type MessageFields = Pick<BoardMessage, 'message' | 'color' | 'font_weight' | 'bg_color' | 'bg_url' | 'tag'> & {
  font_size: string;
};

export interface Poster {
  id: number;
  nickName: string;
  role: RoleCode;
}

export interface MessageFilter {
  tag?: string;
  /** Words the message's text contains. */
  text?: string;
  authorId?: number;
}

const COLUMN_OF = {
  message: 'message',
  color: 'color',
  font_size: 'fontSize',
  font_weight: 'fontWeight',
  bg_color: 'bgColor',
  bg_url: 'bgUrl',
  tag: 'tag',
} as const satisfies Record<keyof MessageFields, keyof typeof messages.$inferInsert>;

function columns(fields: Partial<MessageFields>) {
  const set: Partial<typeof messages.$inferInsert> = {};
  for (const [field, column] of Object.entries(COLUMN_OF) as [
    keyof MessageFields,
    (typeof COLUMN_OF)[keyof MessageFields],
  ][]) {
    if (fields[field] !== undefined) set[column] = fields[field];
  }
  return set;
}

interface MessageWithAuthor {
  message: typeof messages.$inferSelect;
  nickName: string;
  avatar: string;
}

const HIDDEN_REFUSAL = '这条留言已被管理员隐藏，不能修改';

/** Comments on a message have `type` 3. */
const ON_MESSAGES = 3;

export function createMessageService(
  db: Db,
  {
    uploads,
    notifications,
    showIpLocation = true,
  }: {
    uploads: Pick<UploadService, 'isOwnedBy' | 'releaseIfUnused'>;
    notifications: Pick<NotificationService, 'notify' | 'forAdmins'>;
    /** Show each message's IP 属地 (`IP_LOCATION`); when off, none is looked up, kept or shown. */
    showIpLocation?: boolean;
  },
) {
  const withAuthors = () =>
    db
      .select({ message: messages, nickName: users.nickName, avatar: users.avatar })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.userId));

  async function items(rows: readonly MessageWithAuthor[], actor: string): Promise<BoardMessage[]> {
    const ids = rows.map((row) => row.message.id);
    const [liked, totals] = await Promise.all([
      likedAmong(db, 'message', ids, actor),
      commentCounts(db, ON_MESSAGES, ids),
    ]);
    return rows.map(({ message, nickName, avatar }) => ({
      id: message.id,
      message: message.message,
      color: message.color,
      font_size: fontSizePx(message.fontSize),
      font_weight: message.fontWeight,
      bg_color: message.bgColor,
      bg_url: message.bgUrl,
      tag: message.tag,
      user_id: message.userId,
      nick_name: nickName,
      avatar,
      like_times: message.likes,
      is_like: liked.has(message.id),
      comment_total: totals.get(message.id) ?? 0,
      createdAt: formatDateTime(message.createdAt),
      ...(showIpLocation ? { ipAddress: message.ipLocation || UNKNOWN_LOCATION } : {}),
    }));
  }

  async function get(id: number, actor: string): Promise<BoardMessage> {
    const rows = await withAuthors().where(visibleMessage(id)).limit(1);
    if (rows.length === 0) throw new NotFound('留言不存在');
    return (await items(rows, actor))[0];
  }

  /** A background must be the poster's own upload, still on disk. */
  async function assertOwnUpload(path: string, userId: number) {
    if (!(await uploads.isOwnedBy(path, userId))) throw new Refused('只能使用自己上传的图片作为背景', ['bg_url']);
  }

  return {
    get,

    /** Newest first, narrowed to a tag, to messages containing some text, and to an author when given. */
    async list(
      { tag, text, authorId }: MessageFilter,
      current: number,
      size: number,
      actor: string,
    ): Promise<Page<BoardMessage>> {
      const where = and(
        eq(messages.hidden, false),
        tag ? eq(messages.tag, tag) : undefined,
        text ? contains(messages.message, text) : undefined,
        authorId ? eq(messages.userId, authorId) : undefined,
      );
      const [{ total }] = await db.select({ total: count() }).from(messages).where(where);
      const rows = await withAuthors()
        .where(where)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(size)
        .offset((current - 1) * size);
      return { current, size, total, list: await items(rows, actor) };
    },

    /**
     * Stores it and tells every admin but the poster, in one transaction. Of `ip`, the poster's
     * address, only the IP 属地 is kept; `actor` is the poster as likes know them, for `is_like`.
     */
    async add(
      poster: Poster,
      fields: MessageFields,
      { ip, actor }: { ip: string; actor: Actor },
    ): Promise<BoardMessage> {
      if (fields.bg_url) await assertOwnUpload(fields.bg_url, poster.id);
      const stored = columns(fields);
      // Every field is given here; one left out would be stored as its column's default, ''.
      const samePost = Object.values(COLUMN_OF).map((column) => eq(messages[column], stored[column] ?? ''));
      const id = await db.transaction(async (tx) => {
        // Sent again soon after, as it was (shared/resent.ts): the first one, told to nobody twice.
        const [again] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.userId, poster.id),
              eq(messages.hidden, false),
              gte(messages.createdAt, resentSince()),
              ...samePost,
            ),
          )
          .orderBy(desc(messages.id))
          .limit(1);
        if (again) return again.id;
        const [row] = await tx
          .insert(messages)
          .values({
            userId: poster.id,
            message: fields.message,
            ...stored,
            ipLocation: showIpLocation ? ipLocation(ip) : '',
          })
          .returning({ id: messages.id });
        const notice = html`<b>${poster.nickName}</b> 在留言板发布了新留言：${excerpt(fields.message)}`;
        await notifications.notify(
          await notifications.forAdmins({ type: NOTIFICATION_TYPE.board, toId: row.id, message: notice }, tx),
          poster.id,
          tx,
        );
        return row.id;
      });
      return get(id, actor);
    },

    /**
     * Only the author may change a message; an admin may delete it, not rewrite it. A message an
     * admin hid stays as it was hidden: readers cannot reach it, and the owner decides on that text.
     */
    async update(poster: Poster, id: number, changes: Partial<MessageFields>, actor: Actor): Promise<BoardMessage> {
      const [message] = await db
        .select({ userId: messages.userId, bgUrl: messages.bgUrl, hidden: messages.hidden })
        .from(messages)
        .where(eq(messages.id, id))
        .limit(1);
      if (!message) throw new NotFound('留言不存在');
      if (message.userId !== poster.id) throw new NotYours('只能修改自己的留言');
      if (message.hidden) throw new Refused(HIDDEN_REFUSAL);
      // Keeping the background it has needs no new check, as for an avatar.
      if (changes.bg_url && changes.bg_url !== message.bgUrl) await assertOwnUpload(changes.bg_url, poster.id);
      const changed = await db
        .update(messages)
        .set({ ...columns(changes), updatedAt: new Date() })
        .where(and(eq(messages.id, id), eq(messages.userId, poster.id), eq(messages.hidden, false)))
        .returning({ id: messages.id });
      if (changed.length === 0) {
        // Hidden or deleted since it was read above: nothing was written, so its background stays too.
        const [still] = await db.select({ id: messages.id }).from(messages).where(eq(messages.id, id)).limit(1);
        throw still ? new Refused(HIDDEN_REFUSAL) : new NotFound('留言不存在');
      }
      // A replaced background's file goes once nothing else (an avatar, another message) uses it.
      if (changes.bg_url !== undefined && message.bgUrl && changes.bg_url !== message.bgUrl)
        await uploads.releaseIfUnused(message.bgUrl);
      return get(id, actor);
    },

    /**
     * All of them or none: an unknown id, or one that is someone else's (unless an admin asks),
     * refuses the whole call. Each message leaves with its comments, their likes and its own likes.
     */
    async remove(poster: Poster, ids: readonly number[]): Promise<void> {
      const wanted = [...new Set(ids)];
      const backgrounds = await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: messages.id, userId: messages.userId, bgUrl: messages.bgUrl })
          .from(messages)
          .where(inArray(messages.id, wanted));
        if (found.length < wanted.length) throw new NotFound('留言不存在');
        if (poster.role !== ROLE.admin && found.some((message) => message.userId !== poster.id))
          throw new NotYours('只能删除自己的留言');
        const onThesePosts = and(eq(comments.type, ON_MESSAGES), inArray(comments.forId, wanted));
        const commentIds = tx.select({ id: comments.id }).from(comments).where(onThesePosts);
        await forgetLikes(tx, 'comment', commentIds);
        await tx.delete(comments).where(onThesePosts);
        await forgetLikes(tx, 'message', wanted);
        await tx.delete(messages).where(inArray(messages.id, wanted));
        return found.map((message) => message.bgUrl).filter(Boolean);
      });
      for (const path of new Set(backgrounds)) await uploads.releaseIfUnused(path);
    },

    likeTarget: messageLikeTarget,

    /** The author of a message, for the comment domain; null when there is no such message, or it is hidden: its thread goes with it. */
    async author(id: number): Promise<number | null> {
      const [message] = await db.select({ userId: messages.userId }).from(messages).where(visibleMessage(id)).limit(1);
      return message?.userId ?? null;
    },

    /** The most used tags, most used first; untagged messages do not count. */
    async hotTags(): Promise<HotTag[]> {
      const uses = count();
      return db
        .select({ tag: messages.tag, count: uses })
        .from(messages)
        .where(and(ne(messages.tag, ''), eq(messages.hidden, false)))
        .groupBy(messages.tag)
        .orderBy(desc(uses), desc(sql`max(${messages.createdAt})`), messages.tag)
        .limit(HOT_TAG_COUNT);
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;

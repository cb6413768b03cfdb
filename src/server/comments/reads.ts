/** Reading comments back in the wire's shapes: who wrote them, how many replies, whether the reader liked them. */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { CommentOrder, CommentTargetCode, ReplyComment, RootComment } from '../../contract/comments.ts';
import type { Page } from '../../contract/envelope.ts';
import { ROLE } from '../../contract/users.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import type { Db, Executor } from '../db/client.ts';
import { comments, users } from '../db/schema.ts';
import { likedAmong, type Actor } from '../likes/table.ts';
import { UNKNOWN_LOCATION } from '../shared/ipLocation.ts';

/** Comments an admin hid are kept but counted and shown nowhere; held ones wait for the owner. */
export const visibleComments = and(eq(comments.hidden, false), eq(comments.held, false));

/**
 * What every reader sees and may act on: visible, and in a thread whose root is still there and
 * visible. Hiding a root does not hide its replies, but takes them out of view and out of reach.
 */
export const shownComments = and(
  visibleComments,
  or(
    isNull(comments.parentId),
    sql`EXISTS (SELECT 1 FROM comments root WHERE root.id = ${comments.parentId} AND NOT root.hidden AND NOT root.held)`,
  ),
);

/** Who is reading: held comments show to their writer (an account, or a guest's device) and to admins. */
export interface Viewer {
  actor: Actor;
  userId: number | null;
  admin: boolean;
  /** A hash of the guest reader cookie (see readerCookie), or null without one. */
  device: string | null;
}

function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.admin) return eq(comments.hidden, false);
  const own = [
    viewer.userId !== null ? eq(comments.userId, viewer.userId) : undefined,
    viewer.device ? eq(comments.guestDevice, viewer.device) : undefined,
  ].filter((one) => one !== undefined);
  return own.length ? and(eq(comments.hidden, false), or(eq(comments.held, false), ...own)) : visibleComments;
}

/** A reply whose addressee has since closed their account still reads as a reply to someone. */
export const GONE_USER_NAME = '已注销的用户';

const author = alias(users, 'author');
const addressee = alias(users, 'addressee');

const columns = {
  id: comments.id,
  type: comments.type,
  forId: comments.forId,
  parentId: comments.parentId,
  userId: comments.userId,
  toUserId: comments.toUserId,
  toGuestName: comments.toGuestName,
  toCommentId: comments.toCommentId,
  guestName: comments.guestName,
  guestSite: comments.guestSite,
  held: comments.held,
  content: comments.content,
  likes: comments.likes,
  createdAt: comments.createdAt,
  fromName: author.nickName,
  fromAvatar: author.avatar,
  fromRole: author.role,
  ipLocation: comments.ipLocation,
  toName: addressee.nickName,
};

const selectComments = (db: Executor) =>
  db
    .select(columns)
    .from(comments)
    .leftJoin(author, eq(author.id, comments.userId))
    .leftJoin(addressee, eq(addressee.id, comments.toUserId));

export async function findComment(db: Executor, id: number) {
  const [row] = await selectComments(db).where(eq(comments.id, id)).limit(1);
  return row ?? null;
}

/**
 * A comment as readers may act on it (like it, reply to it, read its replies): null when it is
 * gone, hidden or held, or when the root its thread hangs from is. A hidden comment takes its
 * thread out of reach, not only out of view.
 */
export async function reachableComment(db: Executor, id: number) {
  const fields = {
    likes: comments.likes,
    parentId: comments.parentId,
    type: comments.type,
    forId: comments.forId,
    userId: comments.userId,
    guestName: comments.guestName,
  };
  const [row] = await db
    .select(fields)
    .from(comments)
    .where(and(eq(comments.id, id), shownComments))
    .limit(1);
  return row ?? null;
}

export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>;

const rootShape = (row: CommentRow, liked: boolean, childrenCount: number): RootComment => ({
  id: row.id,
  content: row.content,
  from_id: row.userId ?? 0,
  from_name: row.fromName ?? row.guestName ?? GONE_USER_NAME,
  from_avatar: row.fromAvatar ?? '',
  from_role: row.fromRole ?? ROLE.user,
  thumbs_up: row.likes,
  is_like: liked,
  createdAt: formatDateTime(row.createdAt),
  childrenCount,
  ...(row.guestSite ? { from_site: row.guestSite } : {}),
  ...(row.held ? { held: true as const } : {}),
  ipAddress: row.ipLocation || UNKNOWN_LOCATION,
});

export function replyShape(row: CommentRow, liked: boolean): ReplyComment {
  const { childrenCount: _, ...common } = rootShape(row, liked, 0);
  return { ...common, to_id: row.toUserId ?? 0, to_name: row.toName ?? row.toGuestName ?? GONE_USER_NAME };
}

export const newRootShape = (row: CommentRow) => rootShape(row, false, 0);

async function page<T>(
  db: Executor,
  filter: SQL | undefined,
  viewer: Viewer,
  order: SQL[],
  current: number,
  size: number,
  shape: (rows: CommentRow[]) => Promise<T[]>,
): Promise<Page<T>> {
  const where = and(filter, visibleTo(viewer));
  const [{ total }] = await db.select({ total: count() }).from(comments).where(where);
  const rows = await selectComments(db)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((current - 1) * size);
  return { current, size, total, list: await shape(rows) };
}

const ORDERS: Record<CommentOrder, SQL[]> = {
  new: [desc(comments.createdAt), desc(comments.id)],
  hot: [desc(comments.likes), desc(comments.createdAt), desc(comments.id)],
};

export interface RootPageQuery {
  type: CommentTargetCode;
  forId: number;
  current: number;
  size: number;
  order: CommentOrder;
}

export function rootPage(
  db: Db,
  { type, forId, current, size, order }: RootPageQuery,
  viewer: Viewer,
): Promise<Page<RootComment>> {
  const where = and(eq(comments.type, type), eq(comments.forId, forId), isNull(comments.parentId));
  return page(db, where, viewer, ORDERS[order], current, size, async (rows) => {
    const ids = rows.map((row) => row.id);
    const [liked, counts] = await Promise.all([
      likedAmong(db, 'comment', ids, viewer.actor),
      replyCounts(db, ids, viewer),
    ]);
    return rows.map((row) => rootShape(row, liked.has(row.id), counts.get(row.id) ?? 0));
  });
}

/** Oldest first, so a thread reads as a conversation. */
export function replyPage(
  db: Db,
  rootId: number,
  current: number,
  size: number,
  viewer: Viewer,
): Promise<Page<ReplyComment>> {
  return page(
    db,
    eq(comments.parentId, rootId),
    viewer,
    [asc(comments.createdAt), asc(comments.id)],
    current,
    size,
    async (rows) => {
      const liked = await likedAmong(
        db,
        'comment',
        rows.map((row) => row.id),
        viewer.actor,
      );
      return rows.map((row) => replyShape(row, liked.has(row.id)));
    },
  );
}

async function replyCounts(db: Executor, rootIds: number[], viewer: Viewer): Promise<Map<number, number>> {
  if (rootIds.length === 0) return new Map();
  const rows = await db
    .select({ rootId: comments.parentId, replies: count() })
    .from(comments)
    .where(and(inArray(comments.parentId, rootIds), visibleTo(viewer)))
    .groupBy(comments.parentId);
  return new Map(rows.map((row) => [row.rootId!, row.replies]));
}

/** Roots and replies together, as the comment counter under a post shows them. */
export async function commentTotal(db: Db, type: CommentTargetCode, forId: number): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(comments)
    .where(and(eq(comments.type, type), eq(comments.forId, forId), shownComments));
  return total;
}

/**
 * The database's part of an export: the people, what they wrote and the counters, as the rows of
 * format.ts. Each list is ordered by its key, so two exports of the same site are the same bytes.
 * Sessions, tokens, orders, licenses, payments, the audit log and the rate limits are never read
 * here: they are the running site's business, not the owner's data to carry elsewhere.
 */
import { asc, eq, like } from 'drizzle-orm';
import { COMMENT_TARGET_NAMES, COMMENT_TARGETS, type CommentTargetCode } from '../../contract/comments.ts';
import { LINK_STATUS } from '../../contract/links.ts';
import { ROLE } from '../../contract/users.ts';
import type { Db } from '../db/client.ts';
import { articleStats, comments, likes, links, messages, siteStats, talkStats, users } from '../db/schema.ts';
import type {
  CommentTarget,
  ExportedComment,
  ExportedLike,
  ExportedLink,
  ExportedMessage,
  ExportedStats,
  ExportedUser,
  LinkStatus,
} from './format.ts';

const iso = (date: Date) => date.toISOString();

const targetOf = (code: number): CommentTarget => {
  const target = COMMENT_TARGETS[code as CommentTargetCode];
  if (!target) throw new Error(`评论的类型 ${code} 无法识别（应为 ${Object.keys(COMMENT_TARGET_NAMES).join('、')}）`);
  return target;
};

const STATUS_NAMES = Object.fromEntries(Object.entries(LINK_STATUS).map(([name, code]) => [code, name])) as Record<
  number,
  LinkStatus
>;

export async function readUsers(db: Db, withPasswords: boolean): Promise<ExportedUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    nick_name: row.nickName,
    avatar: row.avatar,
    role: row.role === ROLE.admin ? 'admin' : 'user',
    disabled: row.disabled,
    ...(row.email && row.emailVerifiedAt ? { email: row.email } : {}),
    ...(withPasswords ? { password_hash: row.passwordHash } : {}),
    created_at: iso(row.createdAt),
  }));
}

/** Guest addresses (`guest_email`) and device hashes stay behind: personal data the new site has no use for. */
export async function readComments(db: Db): Promise<ExportedComment[]> {
  const rows = await db.select().from(comments).orderBy(asc(comments.id));
  return rows.map((row) => ({
    id: row.id,
    type: targetOf(row.type),
    for_id: row.forId,
    parent_id: row.parentId,
    user_id: row.userId,
    to_user_id: row.toUserId,
    to_guest_name: row.toGuestName,
    to_comment_id: row.toCommentId,
    guest_name: row.guestName,
    guest_site: row.guestSite,
    content: row.content,
    likes: row.likes,
    hidden: row.hidden,
    held: row.held,
    ip_location: row.ipLocation,
    created_at: iso(row.createdAt),
  }));
}

export async function readMessages(db: Db): Promise<ExportedMessage[]> {
  const rows = await db.select().from(messages).orderBy(asc(messages.id));
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    message: row.message,
    color: row.color,
    font_size: row.fontSize,
    font_weight: row.fontWeight,
    bg_color: row.bgColor,
    bg_url: row.bgUrl,
    tag: row.tag,
    likes: row.likes,
    hidden: row.hidden,
    ip_location: row.ipLocation,
    created_at: iso(row.createdAt),
  }));
}

const USER_ACTOR = /^user:([1-9]\d*)$/;

/** Only users' likes (`user:<id>`): a device's like names no person, and its count is in the stats. */
export async function readLikes(db: Db): Promise<ExportedLike[]> {
  const rows = await db.select().from(likes).where(like(likes.actor, 'user:%'));
  return rows
    .flatMap((row) => {
      const userId = USER_ACTOR.exec(row.actor)?.[1];
      return userId
        ? [{ type: row.type, target_id: row.targetId, user_id: Number(userId), created_at: iso(row.createdAt) }]
        : [];
    })
    .sort((a, b) => a.type.localeCompare(b.type) || a.target_id - b.target_id || a.user_id - b.user_id);
}

export async function readLinks(db: Db): Promise<ExportedLink[]> {
  const rows = await db.select().from(links).orderBy(asc(links.id));
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    site_name: row.siteName,
    site_desc: row.siteDesc,
    site_avatar: row.siteAvatar,
    url: row.url,
    status: STATUS_NAMES[row.status] ?? 'pending',
    created_at: iso(row.createdAt),
  }));
}

export async function readStats(db: Db): Promise<ExportedStats> {
  const [articleRows, talkRows, [views]] = await Promise.all([
    db.select().from(articleStats).orderBy(asc(articleStats.articleId)),
    db.select().from(talkStats).orderBy(asc(talkStats.talkId)),
    db.select({ value: siteStats.value }).from(siteStats).where(eq(siteStats.name, 'views')),
  ]);
  return {
    articles: articleRows.map((row) => ({
      id: row.articleId,
      views: row.views,
      likes: row.likes,
      reading_ms: row.readingMs,
    })),
    talks: talkRows.map((row) => ({ id: row.talkId, likes: row.likes })),
    site: { views: views?.value ?? 0 },
  };
}

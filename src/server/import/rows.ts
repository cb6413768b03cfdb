/**
 * The database half of an import: accounts, board posts, comments, likes, friend links and the
 * counters. Each thing is written with its key in one transaction, so an import stopped halfway
 * and run again neither doubles nor loses a row.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { formatDate } from '../../lib/shared/time.ts';
import { COMMENT_TARGETS, type CommentTargetCode } from '../../contract/comments.ts';
import { ROLE } from '../../contract/users.ts';
import { LINK_STATUS } from '../../contract/links.ts';
import type { Db, Executor } from '../db/client.ts';
import {
  articleStats,
  comments,
  dailyViews,
  likes,
  links,
  messages,
  siteStats,
  talkStats,
  users,
} from '../db/schema.ts';
import type {
  ImportedAuthor,
  ImportedComment,
  ImportedLike,
  ImportedLink,
  ImportedMessage,
  LeftBehind,
} from './bundle.ts';
import { knownKeys, rememberKey } from './importKeys.ts';
import type { PlannedUser } from './plan.ts';

/** Stored for an account brought over without a password: no password matches it until the owner sets one. */
export const NO_PASSWORD = '!';

/** The code of each kind of thing commented on: the contract's map, read the other way. */
const COMMENT_TYPE = Object.fromEntries(
  Object.entries(COMMENT_TARGETS).map(([code, kind]) => [kind, Number(code) as CommentTargetCode]),
) as Record<(typeof COMMENT_TARGETS)[CommentTargetCode], CommentTargetCode>;

/** The local ids of keys: those written by this run, then those of earlier imports. */
export class KeyMap {
  private readonly ids = new Map<string, number>();
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }
  has(key: string): boolean {
    return this.ids.has(key);
  }
  set(key: string, id: number): void {
    this.ids.set(key, id);
  }
  async load(keys: string[]): Promise<void> {
    for (const [key, id] of await knownKeys(this.db, keys)) if (!this.ids.has(key)) this.ids.set(key, id);
  }
  id(key: string): number {
    const id = this.ids.get(key);
    if (id === undefined) throw new Error(`导入的数据引用了不存在的 ${key}`);
    return id;
  }
}

async function inserted(tx: Executor, key: string, insert: () => Promise<{ id: number }[]>): Promise<number> {
  const [row] = await insert();
  await rememberKey(tx, key, row.id);
  return row.id;
}

/** Whether an account here has proven `email`: an address proven belongs to one account only. */
async function provenHere(db: Executor, email: string): Promise<boolean> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return Boolean(found);
}

export async function writeUsers(db: Db, planned: PlannedUser[], ids: KeyMap, problems: LeftBehind[]): Promise<void> {
  for (const { item, username, mergeInto } of planned) {
    const id = await db.transaction(async (tx) => {
      if (mergeInto !== undefined) {
        await rememberKey(tx, item.key, mergeInto);
        return mergeInto;
      }
      let verified = Boolean(item.email && item.emailVerified);
      if (verified && (await provenHere(tx, item.email!))) {
        verified = false;
        problems.push({ where: item.key, reason: `邮箱 ${item.email} 已是本站另一个账号的，导入为未验证` });
      }
      return inserted(tx, item.key, () =>
        tx
          .insert(users)
          .values({
            username,
            passwordHash: item.passwordHash ?? NO_PASSWORD,
            nickName: item.nickName || username,
            avatar: item.avatar,
            role: item.role === 'admin' ? ROLE.admin : ROLE.user,
            email: item.email ?? null,
            emailVerifiedAt: verified ? item.createdAt : null,
            disabled: item.disabled ?? false,
            createdAt: item.createdAt,
            updatedAt: item.createdAt,
          })
          .returning({ id: users.id }),
      );
    });
    ids.set(item.key, id);
  }
}

/**
 * Board posts need an account; a guest's post from the old board gets one per name, which cannot
 * log in (disabled, no password), shared by every post under that name, in this import and the next.
 */
async function guestAccount(db: Db, name: string, createdAt: Date, ids: KeyMap): Promise<number> {
  const key = `guest:${name}`;
  await ids.load([key]);
  if (ids.has(key)) return ids.id(key);
  const username = `guest-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
  const id = await db.transaction((tx) =>
    inserted(tx, key, () =>
      tx
        .insert(users)
        .values({
          username,
          passwordHash: NO_PASSWORD,
          nickName: name,
          disabled: true,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: users.id }),
    ),
  );
  ids.set(key, id);
  return id;
}

const authorId = (db: Db, author: ImportedAuthor, createdAt: Date, ids: KeyMap) =>
  'userKey' in author ? Promise.resolve(ids.id(author.userKey)) : guestAccount(db, author.guestName, createdAt, ids);

export async function writeMessages(db: Db, planned: ImportedMessage[], ids: KeyMap): Promise<void> {
  for (const post of planned) {
    const userId = await authorId(db, post.author, post.createdAt, ids);
    const id = await db.transaction((tx) =>
      inserted(tx, post.key, () =>
        tx
          .insert(messages)
          .values({
            userId,
            message: post.message,
            color: post.color,
            fontSize: post.fontSize,
            fontWeight: post.fontWeight,
            bgColor: post.bgColor,
            bgUrl: post.bgUrl,
            tag: post.tag,
            likes: post.likes,
            hidden: post.hidden ?? false,
            ipLocation: post.ipLocation ?? '',
            createdAt: post.createdAt,
            updatedAt: post.createdAt,
          })
          .returning({ id: messages.id }),
      ),
    );
    ids.set(post.key, id);
  }
}

/** Comments: `planned` has the top-level ones first, so a reply's root is always there. */
export async function writeComments(
  db: Db,
  planned: ImportedComment[],
  ids: KeyMap,
  problems: LeftBehind[],
): Promise<number> {
  let written = 0;
  for (const comment of planned) {
    const author = comment.author;
    // What it answers did not come after all (an article that failed its check, a dropped root).
    if (!ids.has(comment.target.key) || (comment.parentKey && !ids.has(comment.parentKey))) {
      problems.push({ where: comment.key, reason: '评论的对象或回复的评论没有导入，这条评论也不导入' });
      continue;
    }
    const answered = comment.toGuest?.commentKey;
    const id = await db.transaction((tx) =>
      inserted(tx, comment.key, () =>
        tx
          .insert(comments)
          .values({
            type: COMMENT_TYPE[comment.target.kind],
            forId: ids.id(comment.target.key),
            parentId: comment.parentKey ? ids.id(comment.parentKey) : null,
            userId: 'userKey' in author ? ids.id(author.userKey) : null,
            guestName: 'guestName' in author ? author.guestName : null,
            guestEmail: 'guestName' in author ? (author.guestEmail ?? null) : null,
            guestSite: 'guestName' in author ? (author.guestSite ?? null) : null,
            toUserId: comment.toUserKey ? ids.id(comment.toUserKey) : null,
            toGuestName: comment.toGuest?.name ?? null,
            // The comment answered, if it came (it comes first when it is older).
            toCommentId: answered && ids.has(answered) ? ids.id(answered) : null,
            content: comment.content,
            likes: comment.likes,
            hidden: comment.hidden,
            held: comment.held ?? false,
            ipLocation: comment.ipLocation ?? '',
            createdAt: comment.createdAt,
          })
          .returning({ id: comments.id }),
      ),
    );
    ids.set(comment.key, id);
    written++;
  }
  return written;
}

/** Users' likes, so each still sees what they liked; the counts themselves come with the things liked. */
export async function writeLikes(db: Db, planned: ImportedLike[], ids: KeyMap): Promise<number> {
  let written = 0;
  for (const like of planned) {
    if (like.userKey === null || !ids.has(like.target.key)) continue;
    const userId = ids.id(like.userKey);
    await db.transaction(async (tx) => {
      await tx
        .insert(likes)
        .values({
          type: like.target.kind,
          targetId: ids.id(like.target.key),
          actor: `user:${userId}`,
          createdAt: like.createdAt,
        })
        .onConflictDoNothing();
      await rememberKey(tx, like.key, userId);
    });
    written++;
  }
  return written;
}

export async function writeLinks(db: Db, planned: ImportedLink[], ids: KeyMap): Promise<void> {
  for (const link of planned) {
    const id = await db.transaction((tx) =>
      inserted(tx, link.key, () =>
        tx
          .insert(links)
          .values({
            userId: ids.id(link.userKey),
            siteName: link.siteName,
            siteDesc: link.siteDesc,
            siteAvatar: link.siteAvatar,
            url: link.url,
            status: LINK_STATUS[link.status],
            createdAt: link.createdAt,
            updatedAt: link.createdAt,
          })
          .returning({ id: links.id }),
      ),
    );
    ids.set(link.key, id);
  }
}

/**
 * An article's counters as the old site had them. The views triggers (drizzle/0009_daily_views.sql)
 * count a rise in views as today's; years of views are not today's, so they are taken back out of
 * today's figure in the same transaction.
 */
export async function writeArticleStats(
  db: Db,
  articleId: number,
  stats: { views: number; likes: number; readingMs: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ views: articleStats.views })
      .from(articleStats)
      .where(eq(articleStats.articleId, articleId));
    await tx
      .insert(articleStats)
      .values({ articleId, ...stats })
      .onConflictDoUpdate({ target: articleStats.articleId, set: stats });
    const risen = stats.views - (before?.views ?? 0);
    if (risen > 0)
      await tx
        .update(dailyViews)
        .set({ views: sql`${dailyViews.views} - ${risen}` })
        .where(eq(dailyViews.day, formatDate(new Date())));
  });
}

export async function writeTalkLikes(db: Executor, talkId: number, count: number): Promise<void> {
  await db
    .insert(talkStats)
    .values({ talkId, likes: count })
    .onConflictDoUpdate({ target: talkStats.talkId, set: { likes: count } });
}

/** The old site's total views, added once to ours. */
export async function addSiteViews(db: Executor, views: number): Promise<void> {
  await db
    .insert(siteStats)
    .values({ name: 'views', value: views })
    .onConflictDoUpdate({ target: siteStats.name, set: { value: sql`${siteStats.value} + ${views}` } });
}

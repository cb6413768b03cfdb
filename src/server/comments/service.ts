/**
 * Comments (docs/api.md §9.1): two-level threads on articles, talks and message-board posts.
 * Each kind of target is lent by its own domain (targets.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  COMMENT_TARGET_NAMES,
  type AddedComment,
  type AddedReply,
  type CommentTargetCode,
  type ReplyComment,
  type RootComment,
} from '../../contract/comments.ts';
import type { Page } from '../../contract/envelope.ts';
import { ROLE, type RoleCode } from '../../contract/users.ts';
import { refuseOwnersName } from '../users/ownersName.ts';
import { guestNameProblem, judgeComment } from '../../lib/shared/commentModeration.ts';
import { commentContentProblem } from '../../lib/shared/text.ts';
import type { Db, Executor } from '../db/client.ts';
import { comments } from '../db/schema.ts';
import { likeComment } from './counted.ts';
import type { LikeTarget } from '../likes/target.ts';
import type { NotificationService } from '../notifications/service.ts';
import { InvalidInput, NotFound, NotYours, Refused, SignInRequired } from '../shared/errors.ts';
import { ipLocation } from '../shared/ipLocation.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createCommentNews } from './news.ts';
import { createGuestAddresses } from './guestAddresses.ts';
import {
  commentTotal,
  findComment,
  newRootShape,
  reachableComment,
  replyPage,
  replyShape,
  rootPage,
  type CommentRow,
  type RootPageQuery,
  type Viewer,
} from './reads.ts';
import { resentComment, type CommentWriterKey } from './resent.ts';
import type { CommentRuleStore } from './rules.ts';
import { accountAddressee, factsOf, guestAddressee, removeWithReplies } from './thread.ts';
import type { CommentTargetInfo, CommentTargets } from './targets.ts';

/** The logged-in user acting. */
export interface Commenter {
  id: number;
  nickName: string;
  role: RoleCode;
}

/** A reader without an account, when the owner allows it: checked by the routes, trimmed. */
export interface Guest {
  guest: true;
  nickName: string;
  email: string | null;
  site: string | null;
  /** A hash of their reader cookie: their held comments show to that browser. */
  device: string;
}

export type Writer = Commenter | Guest;

const isGuest = (writer: Writer): writer is Guest => 'guest' in writer;

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
  /** The account answered, or 0 for the guest who wrote `parentId`. */
  toId: number;
}

export interface CommentServiceOptions {
  targets: CommentTargets;
  notifications: Pick<NotificationService, 'notify' | 'forAdmins'>;
  /** The owner's rules: guests, holding, keywords (rules.ts). */
  rules: Pick<CommentRuleStore, 'get'>;
  /** Mail for guests answered by a reply, when the site sends mail. */
  mailer?: Mailer;
  siteUrl?: string;
  /** Show each comment's IP 属地 (`IP_LOCATION`); when off, none is looked up, kept or shown. */
  showIpLocation?: boolean;
}

const MISSING_COMMENT = '评论不存在';
const REFUSED_BY_KEYWORD = '评论包含本站不允许的内容，请修改后再发';

export function createCommentService(
  db: Db,
  { targets, notifications, rules, mailer, siteUrl, showIpLocation = true }: CommentServiceOptions,
) {
  const news = createCommentNews({ notifications, mailer, siteUrl });
  const guestAddresses = mailer?.enabled ? createGuestAddresses(db, { mailer, siteUrl: siteUrl ?? '' }) : null;
  /** Once a new comment has committed: a guest's address is asked whether it takes replies. */
  const askAddressOf = (writer: Writer) => {
    if (isGuest(writer) && writer.email)
      guestAddresses?.ask(writer.email).catch((error: Error) => console.error(`访客邮箱确认失败：${error.message}`));
  };
  const locationOf = (ip: string) => (showIpLocation ? ipLocation(ip) : '');
  /** The comment as readers get it: with its IP 属地 only while the owner shows them. */
  const shown = <T extends { ipAddress?: string }>(comment: T): T => {
    if (showIpLocation) return comment;
    const { ipAddress: _, ...rest } = comment;
    return rest as T;
  };
  const shownPage = <T extends { ipAddress?: string }>(page: Page<T>): Page<T> =>
    showIpLocation ? page : { ...page, list: page.list.map(shown) };

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

  /** Whether the comment is held, after the owner's rules; a guest is turned away while guests are off. */
  async function judged(writer: Writer, text: string): Promise<boolean> {
    const current = await rules.get();
    if (isGuest(writer)) {
      if (!current.guests) throw new SignInRequired();
      const problem = guestNameProblem(writer.nickName);
      if (problem) throw new InvalidInput(problem, ['nick_name']);
      await refuseOwnersName(writer.nickName);
    }
    const seen = isGuest(writer) ? [text, writer.nickName, writer.site ?? ''].join('\n') : text;
    const verdict = judgeComment(current, {
      text: seen,
      guest: isGuest(writer),
      byOwner: !isGuest(writer) && writer.role === ROLE.admin,
    });
    if (verdict.kind === 'refuse') throw new Refused(REFUSED_BY_KEYWORD, ['content']);
    return verdict.kind === 'hold';
  }

  const writerKey = (writer: Writer): CommentWriterKey =>
    isGuest(writer) ? { device: writer.device } : { userId: writer.id };
  const writerColumns = (writer: Writer) =>
    isGuest(writer)
      ? {
          userId: null,
          guestName: writer.nickName,
          guestEmail: writer.email,
          guestSite: writer.site,
          guestDevice: writer.device,
        }
      : { userId: writer.id };

  async function insert(tx: Executor, values: typeof comments.$inferInsert) {
    const [{ id }] = await tx.insert(comments).values(values).returning({ id: comments.id });
    return (await findComment(tx, id))!;
  }

  /** Tells whoever should hear of a new comment: the admins while it is held, the rest once it is public. */
  async function announce(tx: Executor, row: CommentRow, info: CommentTargetInfo, held: boolean) {
    const facts = factsOf(row);
    if (held) {
      await news.held(tx, facts, info);
      return null;
    }
    return news.published(tx, facts, info);
  }

  /** A comment's likes, or null when readers cannot reach it: it, its thread or what it is on is gone or hidden. */
  async function likesOf(tx: Executor, id: number): Promise<number | null> {
    const row = await reachableComment(tx, id);
    if (!row || !(await targets[row.type as CommentTargetCode].find(row.forId))) return null;
    return row.likes;
  }

  return {
    /** A guest opened the link that asked whether their address takes replies. */
    async confirmGuestEmail(token: string): Promise<void> {
      if (!guestAddresses) throw new Refused('本站没有开启邮件', ['token']);
      await guestAddresses.confirm(token);
    },

    /** Throws for a guest while the owner allows none: a signed-out write is then refused before its body is read. */
    async welcomeGuests(): Promise<void> {
      if (!(await rules.get()).guests) throw new SignInRequired();
    },

    /** A root comment; the target's owner is told, or the admins while it is held. The same comment resent soon after is the first one (shared/resent.ts). */
    async add(writer: Writer, { type, forId, content, ip }: NewComment): Promise<AddedComment> {
      const text = contentOf(content);
      const info = await target(type, forId);
      const held = await judged(writer, text);
      const { comment, created, after } = await db.transaction(async (tx) => {
        // A resend answers the first comment as it was written: no replies or likes counted since.
        const again = await resentComment(tx, writerKey(writer), { type, forId, parentId: null }, text);
        const row =
          again ??
          (await insert(tx, {
            type,
            forId,
            ...writerColumns(writer),
            content: text,
            held,
            ipLocation: locationOf(ip),
          }));
        return {
          comment: shown({ ...newRootShape(row), parent_id: null, type, for_id: forId }),
          created: !again,
          after: again ? null : await announce(tx, row, info, held),
        };
      });
      after?.();
      if (created) askAddressOf(writer);
      return comment;
    },

    /** A reply in a thread, addressed to someone who wrote in it; they are told once it is public. Resent, it is the first one. */
    async reply(writer: Writer, { type, forId, parentId, toId, content, ip }: NewReply): Promise<AddedReply> {
      const text = contentOf(content);
      const info = await target(type, forId);
      const held = await judged(writer, text);
      const { comment, created, after } = await db.transaction(async (tx) => {
        const parent = await reachableComment(tx, parentId);
        if (!parent) throw new NotFound(MISSING_COMMENT);
        if (parent.type !== type || parent.forId !== forId)
          throw new InvalidInput(`这条评论不属于该${COMMENT_TARGET_NAMES[type]}`, ['parent_id']);
        const rootId = parent.parentId ?? parentId;
        const addressee = toId === 0 ? guestAddressee(parent, parentId) : await accountAddressee(tx, rootId, toId);
        const again = await resentComment(tx, writerKey(writer), { type, forId, parentId: rootId, ...addressee }, text);
        const row =
          again ??
          (await insert(tx, {
            type,
            forId,
            parentId: rootId,
            ...writerColumns(writer),
            ...addressee,
            content: text,
            held,
            ipLocation: locationOf(ip),
          }));
        return {
          comment: shown({ ...replyShape(row, false), parent_id: rootId, type, for_id: forId }),
          created: !again,
          after: again ? null : await announce(tx, row, info, held),
        };
      });
      after?.();
      if (created) askAddressOf(writer);
      return comment;
    },

    /**
     * Publishes held comments: each is then told as a new one would have been. Answers how many
     * were waiting; ids that were not held are left alone.
     */
    async approve(ids: number[]): Promise<number> {
      // What each comment was written on, looked up first: a target may read the database, which a
      // transaction must not wait for beside itself (on PostgreSQL that is a second pooled connection).
      const infos = new Map<string, CommentTargetInfo | null>();
      const held = await db
        .select({ type: comments.type, forId: comments.forId })
        .from(comments)
        .where(and(inArray(comments.id, ids), eq(comments.held, true)));
      for (const { type, forId } of held) {
        if (!infos.has(`${type}:${forId}`)) infos.set(`${type}:${forId}`, await targets[type].find(forId));
      }
      const waiting = await db.transaction(async (tx) => {
        const rows = await tx
          .update(comments)
          .set({ held: false })
          .where(and(inArray(comments.id, ids), eq(comments.held, true)))
          .returning({ id: comments.id });
        const afters: (() => void)[] = [];
        for (const { id } of rows) {
          const row = (await findComment(tx, id))!;
          // A comment held between the lookup and now is published without news, as one on a gone target is.
          const info = infos.get(`${row.type}:${row.forId}`) ?? null;
          const after = info ? await news.published(tx, factsOf(row), info) : null;
          if (after) afters.push(after);
        }
        return { count: rows.length, afters };
      });
      for (const after of waiting.afters) after();
      return waiting.count;
    },

    /** Comments as likes see them: one readers can reach, on a target they can reach. */
    likeTarget: {
      counter: async (tx, id) => {
        const likes = await likesOf(tx, id);
        return likes === null ? null : { likes };
      },
      reachable: async (id) => (await likesOf(db, id)) !== null,
      like: likeComment,
    } satisfies LikeTarget,

    /** One's own comment, or any for an admin. A root goes with its replies, and their likes with them. */
    async remove(user: Pick<Commenter, 'id' | 'role'>, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ userId: comments.userId }).from(comments).where(eq(comments.id, id)).limit(1);
        if (!row) throw new NotFound(MISSING_COMMENT);
        if (row.userId !== user.id && user.role !== ROLE.admin) throw new NotYours('只能删除自己的评论');
        await removeWithReplies(tx, [id]);
      });
    },

    /** The console's bulk delete (admins only, checked by the route); answers how many were found. */
    async removeMany(ids: number[]): Promise<number> {
      return db.transaction((tx) => removeWithReplies(tx, ids));
    },

    async roots(query: RootPageQuery, viewer: Viewer): Promise<Page<RootComment>> {
      await target(query.type, query.forId);
      return shownPage(await rootPage(db, query, viewer));
    },

    /** The replies of a root; a reply's id stands for its root, as it does when replying. */
    async replies(parentId: number, current: number, size: number, viewer: Viewer): Promise<Page<ReplyComment>> {
      const parent = await reachableComment(db, parentId);
      if (!parent) throw new NotFound(MISSING_COMMENT);
      return shownPage(await replyPage(db, parent.parentId ?? parentId, current, size, viewer));
    },

    async total(type: CommentTargetCode, forId: number): Promise<number> {
      await target(type, forId);
      return commentTotal(db, type, forId);
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;

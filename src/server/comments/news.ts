/**
 * Who hears of a comment, and when. A published comment tells the target's owner (a root) or the
 * person answered (a reply: the bell for an account, a mail for a guest who left an address and
 * confirmed it, guestAddresses.ts). A held one tells only the admins, and the others hear of it
 * once it is approved.
 */
import { eq } from 'drizzle-orm';
import type { CommentTargetCode } from '../../contract/comments.ts';
import { NOTIFICATION_TYPE, type NotificationTypeCode } from '../../contract/notifications.ts';
import { html } from '../../lib/shared/html.ts';
import { notificationPath } from '../../lib/shared/notifications.ts';
import { excerpt } from '../../lib/shared/text.ts';
import { comments } from '../db/schema.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { guestReplyMail } from '../mail/messages.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { Executor } from '../db/client.ts';
import { guestAddressConfirmed } from './guestAddresses.ts';
import type { CommentTargetInfo } from './targets.ts';

/** A comment's notification leads to what it is on. */
const ABOUT_TARGET: Record<CommentTargetCode, NotificationTypeCode> = {
  1: NOTIFICATION_TYPE.article,
  2: NOTIFICATION_TYPE.talk,
  3: NOTIFICATION_TYPE.board,
};

/** What a news item needs of a comment. */
export interface CommentFacts {
  id: number;
  type: CommentTargetCode;
  forId: number;
  parentId: number | null;
  /** The writer's account, or null for a guest. */
  userId: number | null;
  writerName: string;
  toUserId: number | null;
  toCommentId: number | null;
  content: string;
}

export interface CommentNewsDeps {
  notifications: Pick<NotificationService, 'notify' | 'forAdmins'>;
  /** Mail to guests who left an address; their replies reach them no other way. */
  mailer?: Mailer;
  siteUrl?: string;
}

export function createCommentNews({ notifications, mailer, siteUrl = '' }: CommentNewsDeps) {
  /** Mails wait until the action's transaction has committed: a rolled-back reply mails nobody. */
  function mailAfter(mail: Mail): () => void {
    return () =>
      void mailer!.send(mail).catch((error: Error) => console.error(`回复提醒邮件发送失败：${error.message}`));
  }

  return {
    /** Writes the bell notices in `tx`; answers what to send once it has committed. */
    async published(tx: Executor, comment: CommentFacts, target: CommentTargetInfo): Promise<(() => void) | null> {
      const text = excerpt(comment.content);
      if (comment.parentId === null) {
        if (target.ownerId) {
          const message = html`<b>${comment.writerName}</b> 评论了你的${target.title}：${text}`;
          await notifications.notify(
            [{ userId: target.ownerId, type: ABOUT_TARGET[comment.type], toId: comment.forId, message }],
            comment.userId,
            tx,
          );
        }
        return null;
      }
      if (comment.toUserId) {
        const message = html`<b>${comment.writerName}</b> 回复了你在${target.title}下的评论：${text}`;
        await notifications.notify(
          [{ userId: comment.toUserId, type: ABOUT_TARGET[comment.type], toId: comment.forId, message, mail: 'reply' }],
          comment.userId,
          tx,
        );
        return null;
      }
      if (!comment.toCommentId || !mailer?.enabled) return null;
      const [answered] = await tx
        .select({ email: comments.guestEmail, name: comments.guestName })
        .from(comments)
        .where(eq(comments.id, comment.toCommentId))
        .limit(1);
      if (!answered?.email || !answered.name || !(await guestAddressConfirmed(tx, answered.email))) return null;
      const url = `${siteUrl}${notificationPath(comment.type, comment.forId)}`;
      return mailAfter(
        guestReplyMail({
          to: answered.email,
          nickName: answered.name,
          replier: comment.writerName,
          where: target.title,
          text,
          url,
        }),
      );
    },

    /** Tells the admins a comment waits for them (with mail, for those who want the owner's news). */
    async held(tx: Executor, comment: CommentFacts, target: CommentTargetInfo): Promise<void> {
      const message = html`<b>${comment.writerName}</b> 在${target.title}下的评论等待审核：${excerpt(comment.content)}`;
      const drafts = await notifications.forAdmins(
        {
          type: NOTIFICATION_TYPE.heldComment,
          toId: comment.id,
          message,
          mail: 'owner',
        },
        tx,
      );
      await notifications.notify(drafts, comment.userId, tx);
    },
  };
}

export type CommentNews = ReturnType<typeof createCommentNews>;

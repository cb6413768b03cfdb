/**
 * Notifications: what happened that concerns a user. The message is HTML the server builds with
 * `html` (src/lib/shared/html.ts) from escaped parts; nobody is told of their own action.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Page } from '../../contract/envelope.ts';
import type { Notification, NotificationTypeCode } from '../../contract/notifications.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import type { Db, Executor, Tx } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { NotFound, NotYours } from '../shared/errors.ts';
import type { NotificationMail } from './mail.ts';

export interface NotificationDraft {
  /** Who is told. */
  userId: number;
  type: NotificationTypeCode;
  toId: number;
  /** HTML built with `html`, so every value in it is escaped. */
  message: string;
  /** Mailed too, to a verified address, unless the user turned this kind off. */
  mail?: 'reply' | 'owner';
}

type Row = typeof notifications.$inferSelect;

const toWire = (row: Row): Notification => ({
  id: row.id,
  message: row.message,
  isView: row.viewed ? 2 : 1,
  type: row.type,
  to_id: row.toId,
  createdAt: formatDateTime(row.createdAt),
});

/**
 * `admins`: the ids of the site's admins, told of new message-board posts and download applications.
 * `mail`: the outbox that mails marked notifications (notifications/mail.ts), when the site sends mail.
 */
export function createNotificationService(
  db: Db,
  { admins, mail }: { admins: (db: Executor) => Promise<number[]>; mail?: Pick<NotificationMail, 'enabled' | 'soon'> },
) {
  async function own(userId: number, id: number): Promise<Row> {
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
    if (!row) throw new NotFound('消息不存在');
    if (row.userId !== userId) throw new NotYours('只能操作自己的消息');
    return row;
  }

  return {
    /**
     * Records the drafts, leaving out any addressed to `actorId` (one's own action) and repeats
     * to the same user. Pass the transaction of the action, so both happen or neither does.
     */
    async notify(drafts: readonly NotificationDraft[], actorId: number | null, executor: Db | Tx = db): Promise<void> {
      const seen = new Set<number>();
      const rows = drafts.filter(
        (draft) => draft.userId !== actorId && !seen.has(draft.userId) && seen.add(draft.userId),
      );
      if (!rows.length) return;
      const mailing = mail?.enabled ? rows.some((row) => row.mail) : false;
      await executor.insert(notifications).values(
        rows.map(({ userId, type, toId, message, mail: kind }) => ({
          userId,
          type,
          toId,
          message,
          mail: mailing ? (kind ?? null) : null,
        })),
      );
      if (mailing) mail!.soon();
    },

    /** Every admin but the actor. */
    async forAdmins(draft: Omit<NotificationDraft, 'userId'>, db: Executor): Promise<NotificationDraft[]> {
      return (await admins(db)).map((userId) => ({ ...draft, userId }));
    },

    /** Unread first, then newest. */
    async list(userId: number, current: number, size: number): Promise<Page<Notification>> {
      const [{ total }] = await db
        .select({ total: count() })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.viewed), desc(notifications.createdAt), desc(notifications.id))
        .limit(size)
        .offset((current - 1) * size);
      return { current, size, total, list: rows.map(toWire) };
    },

    async unreadCount(userId: number): Promise<number> {
      const [{ unread }] = await db
        .select({ unread: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.viewed, false)));
      return unread;
    },

    async markRead(userId: number, id: number): Promise<void> {
      await own(userId, id);
      await db.update(notifications).set({ viewed: true }).where(eq(notifications.id, id));
    },

    async remove(userId: number, id: number): Promise<void> {
      await own(userId, id);
      await db.delete(notifications).where(eq(notifications.id, id));
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

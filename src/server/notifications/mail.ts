/**
 * Notification mail, sent from the notifications table once the action that made them has
 * committed (an outbox): rows marked with the opt-out that governs them are claimed, mailed to the
 * user's verified address unless they opted out, and so handled once. A flush follows each new
 * batch shortly, and one runs every minute for any a restart left behind.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { notificationPath } from '../../lib/shared/notifications.ts';
import type { Db } from '../db/client.ts';
import { notifications, users } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { notificationMail } from '../mail/messages.ts';

const BATCH = 20;
/** After a long stop, old news is not worth a mail: only the last day's are sent. */
const FRESH_MS = 24 * 3600_000;
const SOON_MS = 50;
const EVERY_MS = 60_000;

export function createNotificationMail(db: Db, { mailer, siteUrl }: { mailer: Mailer; siteUrl: string }) {
  let running: Promise<void> | null = null;
  let again = false;

  async function batch(now: Date): Promise<number> {
    const waiting = and(isNotNull(notifications.mail), isNull(notifications.mailedAt));
    await db
      .update(notifications)
      .set({ mailedAt: now })
      .where(and(waiting, lte(notifications.createdAt, new Date(+now - FRESH_MS))));
    const rows = await db
      .select({
        id: notifications.id,
        message: notifications.message,
        type: notifications.type,
        toId: notifications.toId,
        mail: notifications.mail,
        email: users.email,
        verified: users.emailVerifiedAt,
        nickName: users.nickName,
        disabled: users.disabled,
        onReply: users.mailOnReply,
        onOwner: users.mailOnOwnerEvents,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(waiting, gt(notifications.createdAt, new Date(+now - FRESH_MS))))
      .limit(BATCH);
    if (!rows.length) return 0;
    // Claimed before sending: a second process flushing at the same time skips what this one took.
    const claimed = await db
      .update(notifications)
      .set({ mailedAt: now })
      .where(
        and(
          inArray(
            notifications.id,
            rows.map((row) => row.id),
          ),
          isNull(notifications.mailedAt),
        ),
      )
      .returning({ id: notifications.id });
    const mine = new Set(claimed.map((row) => row.id));
    for (const row of rows) {
      const wanted = row.mail === 'reply' ? row.onReply : row.onOwner;
      if (!mine.has(row.id) || !wanted || !row.email || !row.verified || row.disabled) continue;
      try {
        await mailer.send(
          notificationMail({
            to: row.email,
            nickName: row.nickName,
            type: row.type,
            message: row.message,
            url: `${siteUrl}${notificationPath(row.type, row.toId)}`,
          }),
        );
      } catch (error) {
        console.error(`通知邮件发送失败（通知 ${row.id}）：${(error as Error).message}`);
      }
    }
    return rows.length;
  }

  /** Sends what waits; a call during a flush makes that flush look once more. */
  function flush(now = () => new Date()): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await batch(now())) === BATCH);
        } while (again);
      } catch (error) {
        console.error('发送通知邮件失败：', error);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = mailer.enabled ? setInterval(() => void flush(), EVERY_MS) : null;
  timer?.unref();

  return {
    /** Whether notifications should be marked for mail at all: without mail, none pile up for later. */
    enabled: mailer.enabled,
    flush,
    /** After new notifications are written: soon, so their transaction has committed. */
    soon: () => void setTimeout(() => void flush(), SOON_MS).unref(),
    stop: () => timer && clearInterval(timer),
  };
}

export type NotificationMail = ReturnType<typeof createNotificationMail>;

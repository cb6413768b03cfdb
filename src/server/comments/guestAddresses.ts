/**
 * A guest's address gets replies only once it is confirmed: anyone can type any address into the
 * comment form, and without this every reply to that comment mailed a stranger from the owner's
 * account. The first comment with an address asks it, once a day at most, with a link; opening the
 * link confirms it for good, and replies to every comment left with it reach it from then on.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { GUEST_CONFIRM_DAYS } from '../../contract/limits.ts';
import type { Db, Executor } from '../db/client.ts';
import { guestAddresses } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { guestConfirmMail } from '../mail/messages.ts';
import { Refused } from '../shared/errors.ts';
import { hashToken } from '../users/sessions.ts';

const DAY = 24 * 3600_000;
/** The page the confirm link opens. */
export const CONFIRM_PAGE = 'confirmGuestEmail';

const keyOf = (email: string) => email.trim().toLowerCase();

/** Whether replies may be mailed to `email`. */
export async function guestAddressConfirmed(tx: Executor, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ email: guestAddresses.email })
    .from(guestAddresses)
    .where(and(eq(guestAddresses.email, keyOf(email)), isNotNull(guestAddresses.confirmedAt)))
    .limit(1);
  return Boolean(row);
}

/** For a site that sends mail: without it, no address is asked (comments/service.ts). */
export function createGuestAddresses(db: Db, { mailer, siteUrl }: { mailer: Mailer; siteUrl: string }) {
  return {
    /**
     * After a guest's comment with `email` has committed: asks the address, unless it is confirmed
     * or was asked within the day. Mail trouble is logged, never the guest's problem.
     */
    async ask(email: string, now = new Date()): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const [asked] = await db
        .insert(guestAddresses)
        .values({ email: keyOf(email), tokenHash, askedAt: now })
        .onConflictDoUpdate({
          target: guestAddresses.email,
          set: { tokenHash, askedAt: now },
          // One upsert: two comments at once ask once.
          setWhere: and(
            isNull(guestAddresses.confirmedAt),
            or(isNull(guestAddresses.askedAt), lte(guestAddresses.askedAt, new Date(+now - DAY))),
          ),
        })
        .returning({ email: guestAddresses.email });
      if (!asked) return;
      try {
        await mailer.send(
          guestConfirmMail({
            to: email.trim(),
            url: `${siteUrl}/${CONFIRM_PAGE}?token=${token}`,
            days: GUEST_CONFIRM_DAYS,
          }),
        );
      } catch (error) {
        console.error(`访客邮箱确认邮件没有发出：${(error as Error).message}`);
      }
    },

    /** Opens a confirm link: the address takes replies from now on. */
    async confirm(token: string, now = new Date()): Promise<void> {
      const [row] = await db
        .update(guestAddresses)
        .set({ confirmedAt: now, tokenHash: null })
        .where(
          and(
            eq(guestAddresses.tokenHash, hashToken(token)),
            gt(guestAddresses.askedAt, new Date(+now - GUEST_CONFIRM_DAYS * DAY)),
          ),
        )
        .returning({ email: guestAddresses.email });
      if (!row) throw new Refused('确认链接无效、已经用过或已过期；下次评论时留下邮箱会再发一封', ['token']);
    },
  };
}

export type GuestAddresses = ReturnType<typeof createGuestAddresses>;

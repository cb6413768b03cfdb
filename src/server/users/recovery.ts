/**
 * Addresses and password resets (docs/api.md §5.3). An address gets no mail but its own check
 * until its link is opened; a reset link goes only to a verified address, works once and for 30
 * minutes, and ends every session. Without mail, the owner makes a one-time reset link in the
 * console and passes it on, so a buyer's licenses are never lost with a password.
 *
 * A verified address is how an account is taken back, so replacing it takes the password, and the
 * old address is told, with a link that puts it back for EMAIL_UNDO_DAYS: a stolen session alone
 * cannot move the account's recovery elsewhere, and a stolen password cannot do it unseen.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { EMAIL_UNDO_DAYS, EMAIL_VERIFY_MAILS_PER_HOUR, RESET_LINK_MINUTES } from '../../contract/limits.ts';
import type { ResetLink } from '../../contract/users.ts';
import { isUniqueViolation, type Db } from '../db/client.ts';
import { accountTokens, users } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emailChangedMail, resetMail, verifyMail } from '../mail/messages.ts';
import { InvalidInput, NotFound, Refused, RetryLater } from '../shared/errors.ts';
import { forgetPlaces } from './knownPlaces.ts';
import { hashPassword } from './password.ts';
import { hashToken, type SessionStore } from './sessions.ts';

const MINUTE = 60_000;
const VERIFY_LINK_HOURS = 24;
/** A link the owner hands over may wait a day for its reader. */
const OWNER_LINK_HOURS = 24;
const DAY = 24 * 60 * MINUTE;

type Purpose = 'reset' | 'verify' | 'undoEmail';

export interface RecoveryParts {
  sessions: Pick<SessionStore, 'revokeAll'>;
  mailer: Mailer;
  /** The site's public address, which links in mail point at. */
  siteUrl: string;
}

/**
 * Ends the user's unused reset links. A link mailed (or handed over) before a new password was set
 * would otherwise still set another one, for whoever got hold of it.
 */
export async function endResetLinks(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'reset'), isNull(accountTokens.usedAt)));
}

export function createAccountRecovery(db: Db, { sessions, mailer, siteUrl }: RecoveryParts) {
  const link = (page: string, token: string) => `${siteUrl}/${page}?token=${token}`;

  async function issue(
    userId: number,
    purpose: Purpose,
    ttlMs: number,
    now: Date,
    email: string | null = null,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(+now + ttlMs);
    await db
      .insert(accountTokens)
      .values({ tokenHash: hashToken(token), userId, purpose, email, expiresAt, createdAt: now });
    return { token, expiresAt };
  }

  /** Uses a token up in one statement, so two requests with the same link cannot both succeed. */
  async function take(token: string, purpose: Purpose, now: Date) {
    const [row] = await db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.tokenHash, hashToken(token)),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .returning();
    return row ?? null;
  }

  async function setPassword(userId: number, password: string, now: Date): Promise<void> {
    const passwordHash = await hashPassword(password);
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    // Every other reset link of this user ends too, and so does every session: whoever knew the old
    // password is out, and the places they logged in from no longer skip the username limit.
    await endResetLinks(db, userId, now);
    await sessions.revokeAll(userId);
    await forgetPlaces(db, userId);
  }

  async function mailResetLink(email: string, now: Date): Promise<void> {
    const [user] = await db
      .select({ id: users.id, nickName: users.nickName, email: users.email })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
          isNotNull(users.emailVerifiedAt),
          eq(users.disabled, false),
        ),
      )
      .limit(1);
    if (!user?.email) return;
    const { token } = await issue(user.id, 'reset', RESET_LINK_MINUTES * MINUTE, now);
    await mailer.send(
      resetMail({
        to: user.email,
        nickName: user.nickName,
        url: link('resetPassword', token),
        minutes: RESET_LINK_MINUTES,
      }),
    );
  }

  /** Tells the verified address being replaced, with its way back. A mail that cannot go is logged: the change stands. */
  async function tellOldAddress(
    userId: number,
    nickName: string,
    oldAddress: string,
    newAddress: string,
    now: Date,
  ): Promise<void> {
    const { token } = await issue(userId, 'undoEmail', EMAIL_UNDO_DAYS * DAY, now, oldAddress);
    mailer
      .send(
        emailChangedMail({
          to: oldAddress,
          nickName,
          newAddress: newAddress || '（不再绑定邮箱）',
          url: link('undoEmailChange', token),
          days: EMAIL_UNDO_DAYS,
        }),
      )
      .catch((error: Error) => {
        console.error(`换绑邮箱的提醒没有发出（用户 ${userId}）：${error.message}`);
      });
  }

  return {
    /**
     * Mails a reset link when `email` is the verified address of an active account. The caller
     * answers at once, before the lookup: the same answer in the same time, whoever the address
     * belongs to, so neither tells anyone who has an account.
     */
    forgotPassword(email: string, now = new Date()): void {
      if (!mailer.enabled) return;
      setImmediate(() =>
        mailResetLink(email, now).catch((error: Error) => console.error(`重置密码邮件发送失败：${error.message}`)),
      );
    },

    async resetPassword(token: string, password: string, now = new Date()): Promise<void> {
      const row = await take(token, 'reset', now);
      if (!row) throw new Refused('重置链接无效、已经用过或已过期，请重新申请', ['token']);
      const [user] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, row.userId)).limit(1);
      if (!user || user.disabled) throw new Refused('该账号已被停用', ['token']);
      await setPassword(row.userId, password, now);
    },

    /**
     * Sets the user's address (empty removes it) and mails the link that verifies it. Until then
     * no other mail goes there; the same address already verified changes nothing. Replacing or
     * removing a verified address first takes the account's password, which `checkPassword` checks
     * (and counts when wrong), and the old address is told.
     */
    async setEmail(
      userId: number,
      email: string,
      password: string | undefined,
      checkPassword: (password: string) => Promise<unknown>,
      now = new Date(),
    ): Promise<void> {
      const [user] = await db
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt, nickName: users.nickName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) throw new NotFound('用户不存在');
      if (user.verifiedAt && user.email?.toLowerCase() === email.toLowerCase()) return;
      const verifiedBefore = user.verifiedAt && user.email ? user.email : null;
      if (verifiedBefore) {
        if (!password) throw new InvalidInput('更换已验证的邮箱需要输入当前密码', ['password']);
        await checkPassword(password);
      }
      if (email === '') {
        await db.update(users).set({ email: null, emailVerifiedAt: null, updatedAt: now }).where(eq(users.id, userId));
        if (verifiedBefore && mailer.enabled) await tellOldAddress(userId, user.nickName, verifiedBefore, '', now);
        return;
      }
      if (!mailer.enabled) throw new Refused('本站没有开启邮件，暂时不能绑定邮箱', ['email']);
      const [{ sent }] = await db
        .select({ sent: count() })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, 'verify'),
            gt(accountTokens.createdAt, new Date(+now - 60 * MINUTE)),
          ),
        );
      if (sent >= EMAIL_VERIFY_MAILS_PER_HOUR)
        throw new RetryLater(
          `验证邮件发得太频繁了，每小时最多 ${EMAIL_VERIFY_MAILS_PER_HOUR} 封，请稍后再试`,
          60 * MINUTE,
        );
      await db.update(users).set({ email, emailVerifiedAt: null, updatedAt: now }).where(eq(users.id, userId));
      if (verifiedBefore) await tellOldAddress(userId, user.nickName, verifiedBefore, email, now);
      const { token } = await issue(userId, 'verify', VERIFY_LINK_HOURS * 60 * MINUTE, now, email);
      try {
        await mailer.send(
          verifyMail({ to: email, nickName: user.nickName, url: link('verifyEmail', token), hours: VERIFY_LINK_HOURS }),
        );
      } catch (error) {
        // The address has had enough mail for today (mail/recipientCap.ts): its own answer, a 429.
        if (error instanceof RetryLater) throw error;
        console.error(`验证邮件发送失败（用户 ${userId}）：${(error as Error).message}`);
        throw new Refused('验证邮件没有发出去，请检查邮箱地址，或稍后再试', ['email']);
      }
    },

    /**
     * The old address's link: it is the account's verified address again, and whoever changed it is
     * out (every session, every reset and verify link, every known place). A later change's link
     * ends with it; an earlier one's stays, so the first owner's link always works last.
     */
    async undoEmailChange(token: string, now = new Date()): Promise<void> {
      const row = await take(token, 'undoEmail', now);
      if (!row?.email) throw new Refused('撤销链接无效、已经用过或已过期', ['token']);
      try {
        await db
          .update(users)
          .set({ email: row.email, emailVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, row.userId));
      } catch (error) {
        if (isUniqueViolation(error)) throw new Refused('这个邮箱已经绑定了其他账号，无法换回', ['token']);
        throw error;
      }
      await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.userId, row.userId),
            isNull(accountTokens.usedAt),
            sql`(${accountTokens.purpose} IN ('reset', 'verify') OR (${accountTokens.purpose} = 'undoEmail' AND ${accountTokens.id} > ${row.id}))`,
          ),
        );
      await sessions.revokeAll(row.userId);
      await forgetPlaces(db, row.userId);
    },

    async verifyEmail(token: string, now = new Date()): Promise<void> {
      const row = await take(token, 'verify', now);
      if (!row?.email) throw new Refused('验证链接无效、已经用过或已过期，请在个人中心重新发送验证邮件', ['token']);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
      if (user?.email?.toLowerCase() !== row.email.toLowerCase())
        throw new Refused('邮箱已经换过了，请打开最新的那封验证邮件', ['token']);
      try {
        await db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, row.userId));
      } catch (error) {
        if (isUniqueViolation(error)) throw new Refused('这个邮箱已经绑定了其他账号', ['token']);
        throw error;
      }
    },

    /** For the owner to hand over when mail is off, or the user has no verified address. */
    async ownerResetLink(userId: number, now = new Date()): Promise<ResetLink> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new NotFound('用户不存在');
      const { token, expiresAt } = await issue(userId, 'reset', OWNER_LINK_HOURS * 60 * MINUTE, now);
      return { url: link('resetPassword', token), expires_at: expiresAt.toISOString() };
    },
  };
}

export type AccountRecovery = ReturnType<typeof createAccountRecovery>;

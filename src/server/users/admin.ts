/** Making the site's admin, from `ADMIN_USERNAME` at start or from `npm run admin:create`. */
import { eq } from 'drizzle-orm';
import { passwordProblem, usernameProblem } from '../../lib/shared/accountRules.ts';
import type { Db } from '../db/client.ts';
import { ROLE } from '../../contract/users.ts';
import { site } from '../../site.config.ts';
import { users } from '../db/schema.ts';
import { forgetPlaces } from './knownPlaces.ts';
import { findByUsername, type UserRow } from './lookup.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { endResetLinks } from './recovery.ts';
import type { SessionStore } from './sessions.ts';

export interface AdminOutcome {
  /** `not-admin`: the user exists but is no admin, and promoting was not asked for; nothing changed. */
  status: 'created' | 'promoted' | 'existing' | 'not-admin';
  /** A new password was set; the user's sessions, known places and open reset links were dropped with it. */
  passwordReset: boolean;
}

/**
 * Creates the admin when missing (a password is then required). An existing user becomes admin only
 * with `promote` (admin:create), never silently at start. A password that differs from the stored one
 * replaces it, ends every session and open reset link of that user and forgets the places it logged
 * in from (they no longer skip the username limit); the same password again changes nothing, so a
 * permanent ADMIN_PASSWORD does not log the admin out at every start. Throws with a Chinese message.
 */
export async function ensureAdmin(
  db: Db,
  sessions: SessionStore,
  username: string,
  password: string | undefined,
  { promote }: { promote: boolean },
): Promise<AdminOutcome> {
  const badName = usernameProblem(username);
  if (badName) throw new Error(`管理员用户名有误：${badName}`);
  const badPassword = password === undefined ? null : passwordProblem(password, '管理员密码');
  if (badPassword) throw new Error(badPassword);

  const existing = await findByUsername(db, username);
  if (!existing) {
    if (!password) throw new Error(`用户 ${username} 不存在，创建管理员需要同时提供密码`);
    // Shown beside every comment the admin writes: the site's author, never the login name an attacker would need.
    await db
      .insert(users)
      .values({ username, passwordHash: await hashPassword(password), nickName: site.author, role: ROLE.admin });
    return { status: 'created', passwordReset: false };
  }
  if (existing.role !== ROLE.admin && !promote) return { status: 'not-admin', passwordReset: false };

  const now = new Date();
  const set: Partial<UserRow> = { role: ROLE.admin, disabled: false, updatedAt: now };
  const passwordReset = password !== undefined && !(await verifyPassword(password, existing.passwordHash));
  if (passwordReset) set.passwordHash = await hashPassword(password);
  const changed = passwordReset || existing.role !== ROLE.admin || existing.disabled;
  if (changed) await db.update(users).set(set).where(eq(users.id, existing.id));
  if (passwordReset) {
    await sessions.revokeAll(existing.id);
    await forgetPlaces(db, existing.id);
    await endResetLinks(db, existing.id, now);
  }
  return { status: existing.role === ROLE.admin ? 'existing' : 'promoted', passwordReset };
}

/** Opaque login tokens: random, given to the client once, stored only as a SHA-256 hash. */
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

export const SESSION_TTL_MS = Number(process.env.SESSION_TTL_DAYS || 7) * 24 * 3600_000;
/** A session is extended at most this often, so reads do not turn into a write each. */
const SLIDE_EVERY_MS = 10 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: number;
  username: string;
  nickName: string;
  avatar: string;
  role: 'admin' | 'user';
  createdAt: Date;
  /** The hash of the token this request came with. */
  tokenHash: string;
}

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  return token;
}

/** The user behind a token, sliding its expiry forward; null when unknown, expired or disabled. */
export async function userForToken(db: Db, token: string): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      nickName: users.nickName,
      avatar: users.avatar,
      role: users.role,
      createdAt: users.createdAt,
      disabled: users.disabled,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || row.disabled) return null;
  if (+row.expiresAt - now.getTime() < SESSION_TTL_MS - SLIDE_EVERY_MS) {
    await db.update(sessions).set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS) }).where(eq(sessions.tokenHash, tokenHash));
  }
  const { disabled: _disabled, expiresAt: _expiresAt, ...user } = row;
  return { ...user, tokenHash };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Every session of the user but the one in use: after a password change, other devices must log in again. */
export async function revokeOtherSessions(db: Db, userId: number, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

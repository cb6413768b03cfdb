/** Opaque login tokens: random, given to the client once, stored only as a SHA-256 hash. */
import { and, eq, gt, lte, ne, or } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { RoleCode } from '../../contract/users.ts';
import { sessions, users } from '../db/schema.ts';

const DAY_MS = 24 * 3600_000;

export interface SessionPolicy {
  /** Idle lifetime: each use pushes the expiry this far ahead. */
  ttlMs: number;
  /** Absolute lifetime from the login, however busy the session is. */
  maxAgeMs: number;
  /** A session is extended at most this often, so reads do not turn into a write each. */
  slideEveryMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  ttlMs: 7 * DAY_MS,
  maxAgeMs: 30 * DAY_MS,
  slideEveryMs: 10 * 60_000,
};

/** `SESSION_TTL_DAYS` (default 7) and `SESSION_MAX_DAYS` (default 30). */
export function sessionPolicyFromEnv(env: Record<string, string | undefined>): SessionPolicy {
  const days = (value: string | undefined, fallback: number) => (Number(value) > 0 ? Number(value) : fallback) * DAY_MS;
  const maxAgeMs = days(env.SESSION_MAX_DAYS, 30);
  return { ...DEFAULT_SESSION_POLICY, ttlMs: Math.min(days(env.SESSION_TTL_DAYS, 7), maxAgeMs), maxAgeMs };
}

/** Where a session's expiry moves on use: a full idle lifetime ahead, but never past the absolute end. */
export function slidExpiry(createdAt: number, now: number, policy: SessionPolicy): number {
  return Math.min(now + policy.ttlMs, createdAt + policy.maxAgeMs);
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: number;
  username: string;
  nickName: string;
  avatar: string;
  role: RoleCode;
  createdAt: Date;
  /** The hash of the token this request came with. */
  tokenHash: string;
}

export interface SessionLookup {
  user: SessionUser;
  /** Set when this use pushed the expiry ahead, so a cookie can follow it. */
  renewedUntil?: Date;
}

export function createSessionStore(
  db: Db,
  policy: SessionPolicy = DEFAULT_SESSION_POLICY,
  clock: () => number = Date.now,
) {
  return {
    policy,

    async create(userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        createdAt: new Date(now),
        expiresAt: new Date(slidExpiry(now, now, policy)),
      });
      return token;
    },

    /** The user behind a token, sliding its expiry forward; null when unknown, expired or disabled. */
    async lookup(token: string): Promise<SessionLookup | null> {
      const tokenHash = hashToken(token);
      const now = clock();
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
          sessionCreatedAt: sessions.createdAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, new Date(now)),
            gt(sessions.createdAt, new Date(now - policy.maxAgeMs)),
          ),
        )
        .limit(1);
      if (!row || row.disabled) return null;
      const { disabled: _disabled, expiresAt, sessionCreatedAt, ...user } = row;
      const next = slidExpiry(+sessionCreatedAt, now, policy);
      let renewedUntil: Date | undefined;
      if (next - +expiresAt >= policy.slideEveryMs) {
        renewedUntil = new Date(next);
        await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.tokenHash, tokenHash));
      }
      return { user: { ...user, tokenHash }, renewedUntil };
    },

    async revoke(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /** Every session of the user but the one in use: after a password change, other devices must log in again. */
    async revokeOthers(userId: number, keepTokenHash: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
    },

    async revokeAll(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async purgeExpired(): Promise<void> {
      const now = clock();
      await db
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, new Date(now)), lte(sessions.createdAt, new Date(now - policy.maxAgeMs))));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** Accounts: registration, login with lockout, profiles and passwords (API.md, Users). */
import { count, eq, sql } from 'drizzle-orm';
import { formatDateTime } from '../../lib/time.ts';
import { ApiError, badRequest, notFound } from '../api/envelope.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createLoginGuard } from './loginGuard.ts';
import { DECOY_HASH, hashPassword, verifyPassword } from './password.ts';
import { createSession, revokeOtherSessions, revokeSession, type SessionUser } from './sessions.ts';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = Number(process.env.LOGIN_WINDOW_MS || 15 * 60_000);
const WRONG_CREDENTIALS = '用户名或密码错误';

type UserRow = typeof users.$inferSelect;

export function profile(user: Pick<UserRow, 'id' | 'username' | 'nickName' | 'avatar' | 'role' | 'createdAt'>) {
  return { id: user.id, username: user.username, nick_name: user.nickName, avatar: user.avatar, role: user.role, createdAt: formatDateTime(user.createdAt) };
}

/** A friendly name for readers who did not choose one. */
function defaultNickName(): string {
  return `路过的小鱼${Math.floor(1000 + Math.random() * 9000)}`;
}

async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.username})`, username.toLowerCase())).limit(1);
  return row;
}

export function createUserService(db: Db) {
  const guard = createLoginGuard({ maxFailures: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS });

  async function byId(id: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw notFound('用户不存在');
    return row;
  }

  return {
    async register(input: { username: string; password: string; nick_name?: string }) {
      if (await findByUsername(db, input.username)) throw badRequest('该用户名已被注册', ['username']);
      const passwordHash = await hashPassword(input.password);
      try {
        const [row] = await db
          .insert(users)
          .values({ username: input.username, passwordHash, nickName: input.nick_name || defaultNickName() })
          .returning({ id: users.id, username: users.username });
        return row;
      } catch (error) {
        // Two registrations racing for one name: the unique index decides.
        if (String((error as { cause?: unknown })?.cause ?? error).includes('UNIQUE')) throw badRequest('该用户名已被注册', ['username']);
        throw error;
      }
    },

    /** Never says whether the username exists: a miss and a wrong password look and take the same. */
    async login(input: { username: string; password: string }, ip: string) {
      const keys = [`ip:${ip}`, `user:${input.username.toLowerCase()}`];
      const wait = guard.retryAfter(keys);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new ApiError(429, `登录失败次数过多，请 ${Math.ceil(seconds / 60)} 分钟后再试`, { headers: { 'Retry-After': String(seconds) } });
      }
      // Counted before the slow check: a burst of parallel guesses is counted in full.
      guard.fail(keys);
      const user = await findByUsername(db, input.username);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? DECOY_HASH);
      if (!user || !ok || user.disabled) {
        throw new ApiError(400, user?.disabled && ok ? '该账号已被停用' : WRONG_CREDENTIALS, { fields: ['username', 'password'] });
      }
      // The account's own count resets; the address only gets this attempt back, so logging
      // into one's own account cannot wipe out failures against others.
      guard.forgive(keys[0]);
      guard.succeed([keys[1]]);
      const token = await createSession(db, user.id);
      return { token, ...profile(user) };
    },

    logout: (user: SessionUser) => revokeSession(db, user.tokenHash),

    info: async (id: number) => profile(await byId(id)),

    async publicProfile(id: number) {
      const user = await byId(id);
      return { id: user.id, nick_name: user.nickName, avatar: user.avatar };
    },

    async update(id: number, changes: { nick_name?: string; avatar?: string }) {
      const set: Partial<UserRow> = { updatedAt: new Date() };
      if (changes.nick_name !== undefined) set.nickName = changes.nick_name;
      if (changes.avatar !== undefined) set.avatar = changes.avatar;
      await db.update(users).set(set).where(eq(users.id, id));
      return profile(await byId(id));
    },

    async changePassword(user: SessionUser, input: { password: string; password1: string }) {
      const row = await byId(user.id);
      if (!(await verifyPassword(input.password, row.passwordHash))) throw badRequest('原密码不正确', ['password']);
      await db.update(users).set({ passwordHash: await hashPassword(input.password1), updatedAt: new Date() }).where(eq(users.id, user.id));
      await revokeOtherSessions(db, user.id, user.tokenHash);
      return true;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row.n;
    },

    /** Creates the admin, or promotes an existing user; a password given resets theirs. */
    async ensureAdmin(username: string, password?: string): Promise<'created' | 'promoted' | 'unchanged'> {
      const existing = await findByUsername(db, username);
      if (!existing) {
        if (!password) throw new Error(`用户 ${username} 不存在，创建管理员需要提供密码`);
        await db.insert(users).values({ username, passwordHash: await hashPassword(password), nickName: username, role: 'admin' });
        return 'created';
      }
      const set: Partial<UserRow> = { role: 'admin', disabled: false, updatedAt: new Date() };
      if (password) set.passwordHash = await hashPassword(password);
      await db.update(users).set(set).where(eq(users.id, existing.id));
      return existing.role === 'admin' && !password ? 'unchanged' : 'promoted';
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;

/** The account service as the server runs it: its settings, the admin at start, periodic cleanup. */
import type { Db } from '../db/client.ts';
import { createUploadService } from '../uploads/service.ts';
import { createUserService, type UserService } from './service.ts';
import { createSessionStore, type SessionPolicy } from './sessions.ts';

const PURGE_EVERY_MS = 3600_000;

export interface UserSettings {
  sessions: SessionPolicy;
  /** Where uploaded images are stored. */
  uploadDir: string;
}

/** `ADMIN_USERNAME` and `ADMIN_PASSWORD`. */
export interface AdminSettings {
  username: string;
  password?: string;
}

export function userServiceFromSettings(db: Db, settings: UserSettings): UserService {
  return createUserService(db, {
    sessions: createSessionStore(db, settings.sessions),
    uploads: createUploadService(db, { dir: settings.uploadDir }),
  });
}

/** Creates the admin if missing; never promotes an existing user. */
export async function ensureAdminAtStart(users: UserService, admin: AdminSettings | null): Promise<void> {
  if (!admin) return;
  const { username } = admin;
  try {
    const { status, passwordReset } = await users.ensureAdmin(username, admin.password, { promote: false });
    if (status === 'created') console.log(`已创建管理员 ${username}`);
    else if (status === 'not-admin') {
      console.error(
        `用户 ${username} 已存在但不是管理员：ADMIN_USERNAME 不会把已有账号设为管理员，也没有改动它的密码。如确需如此，请运行 npm run admin:create -- ${username}`,
      );
    } else if (passwordReset) console.log(`已按 ADMIN_PASSWORD 重设管理员 ${username} 的密码，其所有登录已失效`);
  } catch (error) {
    console.error(`未能设置管理员：${(error as Error).message}`);
  }
}

/** Purges expired sessions now and then every hour while the server runs; the timer never keeps the process alive. */
export async function startPurging(users: UserService): Promise<void> {
  await users.purgeExpired();
  setInterval(() => users.purgeExpired().catch((error) => console.error(error)), PURGE_EVERY_MS).unref();
}

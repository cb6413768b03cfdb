/** Accounts: registration, login with abuse limits, profiles and passwords (docs/api.md §5). */
import { and, count, eq } from 'drizzle-orm';
import { ROLE, type LoginResult, type Profile, type PublicProfile, type Registered } from '../../contract/users.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import { isUniqueViolation, type Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { InvalidInput, NotFound, Refused, RetryLater, waitInWords } from '../shared/errors.ts';
import { createKeyedSerializer } from '../shared/serialize.ts';
import { DEFAULT_UPLOAD_DIR } from '../uploads/images.ts';
import { createUploadService, type UploadService } from '../uploads/service.ts';
import { forgetPlaces, forgetStalePlaces, isKnownPlace, rememberPlaces } from './knownPlaces.ts';
import { loginLimits, type LoginLimits } from './loginGuard.ts';
import { createSharedLoginGuard } from './sharedLoginGuard.ts';
import { DECOY_HASH, hashPassword, isImportedHash, verifyPassword } from './password.ts';
import { addressPlace, devicePlace, newDeviceToken } from './places.ts';
import { endResetLinks } from './recovery.ts';
import { refuseOwnersName } from './ownersName.ts';
import { createSessionStore, type SessionStore, type SessionUser } from './sessions.ts';
import { ensureAdmin } from './admin.ts';
import { findByUsername, type UserRow } from './lookup.ts';

const WRONG_CREDENTIALS = '用户名或密码错误';

export interface UserServiceOptions {
  sessions?: SessionStore;
  uploads?: UploadService;
  limits?: LoginLimits;
}

/** Where a login or password change comes from. */
export interface Origin {
  ip: string;
  /** The device cookie's value, when the browser sent one. */
  deviceToken?: string | null;
}

/** The places a request comes from: its address, and its device when the cookie is well formed. */
function placesOf(origin: Origin): string[] {
  const device = devicePlace(origin.deviceToken);
  return device ? [addressPlace(origin.ip), device] : [addressPlace(origin.ip)];
}

/** Who the user is: what login answers, as the original front end knows it. */
function identity(user: UserRow): Omit<LoginResult, 'token'> {
  return {
    id: user.id,
    username: user.username,
    nick_name: user.nickName,
    avatar: user.avatar,
    role: user.role,
    createdAt: formatDateTime(user.createdAt),
  };
}

/** The user's own profile: who they are, and their address and mail choices. */
export function profile(user: UserRow): Profile {
  return {
    ...identity(user),
    email: user.email,
    email_verified: Boolean(user.email && user.emailVerifiedAt),
    mail_on_reply: user.mailOnReply,
    mail_on_owner: user.mailOnOwnerEvents,
  };
}

/** A friendly name for readers who did not choose one. */
function defaultNickName(): string {
  return `路过的小鱼${Math.floor(1000 + Math.random() * 9000)}`;
}

/** The site author's name is the owner's alone (ownersName.ts); the owner may of course use it. */
async function assertNotOwnersName(nickName: string | undefined, role: number): Promise<void> {
  if (nickName !== undefined && role !== ROLE.admin) await refuseOwnersName(nickName);
}

export function createUserService(db: Db, options: UserServiceOptions = {}) {
  const sessions = options.sessions ?? createSessionStore(db);
  const uploads = options.uploads ?? createUploadService(db, { dir: DEFAULT_UPLOAD_DIR });
  const limits = options.limits ?? loginLimits();
  const guard = createSharedLoginGuard(db, limits);
  const serialize = createKeyedSerializer();

  async function byId(id: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw new NotFound('用户不存在');
    return row;
  }

  async function confirmPassword(
    user: Pick<SessionUser, 'id'>,
    password: string,
    origin: Origin,
  ): Promise<{ here: string[]; priority: boolean }> {
    const here = placesOf(origin);
    const keys = [`user:${user.id}`, here[0]];
    const wait = await guard.admitPasswordAttempt(keys);
    if (wait > 0) throw new RetryLater(`原密码错误次数过多，请 ${waitInWords(wait)}后再试`, wait);
    let ok: boolean;
    let priority = false;
    try {
      priority = await isKnownPlace(db, user.id, here);
      ok = await verifyPassword(password, (await byId(user.id)).passwordHash, { priority });
    } catch (error) {
      await guard.forgivePasswordAttempt(keys);
      throw error;
    }
    if (!ok) throw new InvalidInput('原密码不正确', ['password']);
    await guard.forgivePasswordAttempt(keys);
    return { here, priority };
  }

  return {
    sessions,
    uploads,

    async register(input: { username: string; password: string; nick_name?: string }): Promise<Registered> {
      if (await findByUsername(db, input.username)) throw new InvalidInput('该用户名已被注册', ['username']);
      await assertNotOwnersName(input.nick_name, ROLE.user);
      const passwordHash = await hashPassword(input.password);
      try {
        const [row] = await db
          .insert(users)
          .values({ username: input.username, passwordHash, nickName: input.nick_name || defaultNickName() })
          .returning({ id: users.id, username: users.username });
        return row;
      } catch (error) {
        // Two registrations racing for one name: the unique index decides.
        if (isUniqueViolation(error)) throw new InvalidInput('该用户名已被注册', ['username']);
        throw error;
      }
    },

    /**
     * Never says whether the username exists: a miss and a wrong password look and take the same,
     * and the limits treat unknown names like real ones. Gives a new device token to set as a cookie.
     */
    async login(
      input: { username: string; password: string },
      origin: Origin,
    ): Promise<{ result: LoginResult; deviceToken: string }> {
      const places = placesOf(origin);
      const [address, device] = places;
      const user = await findByUsername(db, input.username);
      // Asked for unknown names too, so the time taken does not tell them apart.
      const knownDevice = device !== undefined && (await isKnownPlace(db, user?.id ?? 0, [device]));
      const known = knownDevice || (await isKnownPlace(db, user?.id ?? 0, [address]));
      const attempt = { address, username: input.username.toLowerCase(), known, knownDevice };
      const admission = await guard.admit(attempt);
      if (!admission.ok) {
        const wait = waitInWords(admission.retryAfterMs);
        throw new RetryLater(
          admission.rule === 'address'
            ? `此网络登录失败次数过多，请 ${wait}后再试`
            : `该用户名近期登录失败次数过多，已暂时限速，请 ${wait}后再试；在以前登录过的设备或网络上登录不受影响`,
          admission.retryAfterMs,
        );
      }
      let ok: boolean;
      try {
        ok = await verifyPassword(input.password, user?.passwordHash ?? DECOY_HASH, { priority: known });
      } catch (error) {
        await guard.release(attempt);
        throw error;
      }
      if (!user || !ok || user.disabled) {
        throw new InvalidInput(user?.disabled && ok ? '该账号已被停用' : WRONG_CREDENTIALS, ['username', 'password']);
      }
      await guard.release(attempt);
      if (isImportedHash(user.passwordHash)) {
        const passwordHash = await hashPassword(input.password, { priority: true });
        // Unless the password was changed meanwhile (a reset in another tab): that one stays.
        await db
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
      }
      // Always a new device token. The value the browser sent only tells whether this is a known
      // place; adopting it would let whoever planted the cookie (a sibling subdomain, a plain-HTTP
      // answer) hold a device this account trusts. The one sent keeps counting until it ages out.
      const deviceToken = newDeviceToken();
      await rememberPlaces(db, user.id, [address, devicePlace(deviceToken)!]);
      const token = await sessions.create(user.id);
      return { result: { token, ...identity(user) }, deviceToken };
    },

    logout: (user: SessionUser) => sessions.revoke(user.tokenHash),

    info: async (id: number) => profile(await byId(id)),

    async publicProfile(id: number): Promise<PublicProfile> {
      const user = await byId(id);
      return { id: user.id, nick_name: user.nickName, avatar: user.avatar };
    },

    /** One change at a time per user, so a replaced avatar is never removed while being set again. */
    update: (
      id: number,
      changes: { nick_name?: string; avatar?: string; mail_on_reply?: boolean; mail_on_owner?: boolean },
    ) =>
      serialize(String(id), async () => {
        const before = await byId(id);
        await assertNotOwnersName(changes.nick_name, before.role);
        const { avatar } = changes;
        if (avatar && avatar !== before.avatar && !(await uploads.isOwnedBy(avatar, id))) {
          throw new Refused('只能使用自己上传的图片作为头像', ['avatar']);
        }
        const set: Partial<UserRow> = { updatedAt: new Date() };
        if (changes.nick_name !== undefined) set.nickName = changes.nick_name;
        if (avatar !== undefined) set.avatar = avatar;
        if (changes.mail_on_reply !== undefined) set.mailOnReply = changes.mail_on_reply;
        if (changes.mail_on_owner !== undefined) set.mailOnOwnerEvents = changes.mail_on_owner;
        await db.update(users).set(set).where(eq(users.id, id));
        if (avatar !== undefined && before.avatar && before.avatar !== avatar)
          await uploads.releaseIfUnused(before.avatar);
        return profile(await byId(id));
      }),

    /**
     * Checks the account's own password before a change that could take the account (a new
     * password, another verified address). Wrong ones count per user and per address, like failed
     * logins. Answers whether this request comes from a place the user is known at.
     */
    confirmPassword,

    /** A change ends the user's other sessions and unused reset links, and forgets every known place but this request's own. */
    async changePassword(user: SessionUser, input: { password: string; password1: string }, origin: Origin) {
      const { here, priority } = await confirmPassword(user, input.password, origin);
      const now = new Date();
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password1, { priority }), updatedAt: now })
        .where(eq(users.id, user.id));
      await endResetLinks(db, user.id, now);
      await sessions.revokeOthers(user.id, user.tokenHash);
      await forgetPlaces(db, user.id, here);
      return true;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row.n;
    },

    ensureAdmin: (username: string, password: string | undefined, how: { promote: boolean }) =>
      ensureAdmin(db, sessions, username, password, how),

    /** Expired sessions and long-unseen login places; run at start and then periodically. */
    /** Hourly: ended sessions, places not seen for long, and uploads nothing uses. */
    async purgeExpired(): Promise<void> {
      await sessions.purgeExpired();
      await guard.purgeExpired();
      await forgetStalePlaces(db);
      await uploads.sweepOrphans();
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;

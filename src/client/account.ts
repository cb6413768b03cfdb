/**
 * The reader's account as this device keeps it: user info and token (encrypted), avatar, and where
 * to return after login. It sits with the client because the session wiring (a lost session
 * forgets the user) and the page script (the greeting) need it before any store loads.
 *
 * The session itself is the HttpOnly cookie the server set at login, which no script can read. The
 * stored profile only lets the header render at once; the stored "token" keeps the original front end's shape and
 * says that a session exists, but its value is a fixed marker, never a credential: a copy of this
 * device's storage is not a login.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { Profile } from '../contract/users';
import { decodeStored, storedCodec, type TextCipher } from '../lib/browser/storage';

/** The parts of the profile the pages read from this device. */
export type UserInfo = Pick<Profile, 'id' | 'username' | 'nick_name' | 'avatar' | 'role'>;

const isUserInfo = (v: unknown): v is UserInfo =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as UserInfo).id === 'number' &&
  typeof (v as UserInfo).nick_name === 'string';
const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
/** What `userToken` holds while logged in. */
export const SESSION_IN_COOKIE = 'httponly-cookie';
const isString = (v: unknown): v is string => typeof v === 'string';

const USER_INFO_KEY = 'userInfo';
const TOKEN_KEY = 'userToken';
const loadAes = () => import('../lib/browser/cipher');
let aes: TextCipher | null = null;

/** Whether this device keeps a login: it has the encrypted values, whatever they hold. */
function keepsLogin(): boolean {
  try {
    return localStorage.getItem(USER_INFO_KEY) !== null || localStorage.getItem(TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}

/*
 * The cipher builds large tables as it loads (AES, lib/browser/cipher.ts), a long moment on a
 * slow phone, and a visitor has nothing encrypted to read: only a device that keeps a login loads
 * it, here, before the stores below read their values (so they read them as the page starts, as
 * ever). Elsewhere it loads when a login is about to be kept (setLogin's callers await `keepLogin`)
 * or when another tab has kept one.
 */
if (keepsLogin()) aes = await loadAes();

/** Loads the cipher a login is kept with, before `setLogin`. */
export async function keepLogin(): Promise<void> {
  aes ??= await loadAes();
}

/** The cipher, once loaded; a value read before cannot be decrypted, and another tab's login loads it and reads again (below). */
const encrypted = {
  cipher: {
    encryptText: (text: string) => aes!.encryptText(text),
    decryptText: (cipher: string) => aes?.decryptText(cipher) ?? null,
  },
};

// `undefined` is "not set": persistentAtom then removes the key instead of storing an empty value.
export const $userInfo = persistentAtom<UserInfo | undefined>(
  USER_INFO_KEY,
  undefined,
  storedCodec<UserInfo | undefined>(undefined, isUserInfo, encrypted),
);
export const $token = persistentAtom<string | undefined>(
  TOKEN_KEY,
  undefined,
  storedCodec<string | undefined>(undefined, isNonEmptyString, encrypted),
);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (aes || (e.key !== USER_INFO_KEY && e.key !== TOKEN_KEY) || e.newValue === null) return;
    void keepLogin().then(() => {
      $userInfo.set(decodeStored(localStorage.getItem(USER_INFO_KEY), undefined, isUserInfo, encrypted));
      $token.set(decodeStored(localStorage.getItem(TOKEN_KEY), undefined, isNonEmptyString, encrypted));
    });
  });
}

export const $blogAvatar = persistentAtom<string | undefined>(
  'blogAvatar',
  undefined,
  storedCodec<string | undefined>(undefined, isString),
);

/** The original front end's "is set" flags. */
export const $hasUserInfo = computed($userInfo, (info) => info !== undefined);
export const $hasToken = computed($token, (token) => token !== undefined);
export const $isLoggedIn = computed([$hasUserInfo, $hasToken], (info, token) => info && token);

/** Where pressing login came from, so login can return there (`blogLastRouter`). */
export const $lastRoute = persistentAtom<string>('blogLastRouter', '/home', storedCodec('/home', isString));

const AUTH_PAGES = /^\/(login|register)\/?$/;

export function rememberRoute(path = location.pathname + location.search): void {
  if (!AUTH_PAGES.test(path.split('?')[0])) $lastRoute.set(path);
}

/** Keeps the login on this device; `keepLogin()` must have loaded the cipher. */
export function setLogin(info: UserInfo): void {
  $token.set(SESSION_IN_COOKIE);
  $userInfo.set(info);
  $blogAvatar.set(info.avatar);
}

export function updateUser(changes: Partial<UserInfo>): void {
  const current = $userInfo.get();
  if (!current) return;
  $userInfo.set({ ...current, ...changes });
  if (changes.avatar !== undefined) $blogAvatar.set(changes.avatar);
}

export function clearUser(): void {
  $userInfo.set(undefined);
  $token.set(undefined);
  $blogAvatar.set(undefined);
}

/**
 * Where the console keeps unsaved work on this device (stores/articleEditor.ts). It holds drafts and
 * private articles, which are not for whoever uses the browser after the owner has logged out.
 */
export const WRITING_DRAFTS_PREFIX = 'writing:';

/**
 * On a logout the reader asked for. A session that merely expired keeps them: the owner logs in
 * again and 恢复草稿 gives the work back.
 */
export function forgetWritingDrafts(): void {
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith(WRITING_DRAFTS_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage the browser will not open keeps nothing either.
  }
}

/** Password hashing with scrypt (node:crypto): `scrypt$N$r$p$salt$hash`, all base64url. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { createWorkQueue } from './workQueue.ts';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 64 * 1024 * 1024;

/**
 * Every scrypt call waits its turn here. Each one holds a libuv pool thread and 32 MB; the pool
 * has 4 threads that file reads share, so with 2 at a time a burst of logins queues while pages
 * and other requests keep being served. A full queue refuses (QueueFull) rather than piling up.
 *
 * The rule that keeps the owner in: a login from a place where that account has logged in
 * before, and a password change from such a place, waits in a small priority line of its own
 * that is served first (`priority: true`). Everything else (logins from new places, every
 * registration) shares the ordinary line of 64. A flood of guesses from new addresses fills
 * only the ordinary line; to crowd the priority line an attacker would need a successful login
 * from each address it uses, and still meets the per-address request limit there.
 */
export const scryptQueue = createWorkQueue({ concurrency: 2, maxQueued: 64, maxPriorityQueued: 16 });

export interface HashOptions {
  /** From a known place: use the priority line (see scryptQueue). */
  priority?: boolean;
}

function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions,
  { priority = false }: HashOptions,
): Promise<Buffer> {
  return scryptQueue.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAXMEM }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
    { priority },
  );
}

export async function hashPassword(password: string, options: HashOptions = {}): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P }, options);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A bcrypt hash brought over from the original blog (`$2a$10$…`, bcryptjs): checked once at the
 * user's next login, which then replaces it with our own (users/service.ts).
 */
export const isImportedHash = (stored: string) => IMPORTED_HASH.test(stored);
/**
 * bcryptjs's and PHP's forms, at the costs a blog sets (4 to 14: cost 10 takes ~70 ms here); a
 * higher cost would hold a turn of the login line for minutes, and is refused at import.
 */
const IMPORTED_HASH = /^\$2[aby]\$(?:0[4-9]|1[0-4])\$[./A-Za-z0-9]{53}$/;

export async function verifyPassword(password: string, stored: string, options: HashOptions = {}): Promise<boolean> {
  // bcrypt in JavaScript holds the thread for its whole run (~70 ms at cost 10): it takes its turn in the same line.
  if (isImportedHash(stored)) return scryptQueue.run(() => bcrypt.compare(password, stored), options);
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    options,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Checked against when a username does not exist, so a miss costs the same time as a wrong password. */
export const DECOY_HASH = await hashPassword(randomBytes(16).toString('hex'));

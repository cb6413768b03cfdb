/**
 * Limits on password guessing, kept in memory (a restart forgets them).
 *
 * - Per address (`createLockout`): after `maxFailures` failures within `windowMs` of the first,
 *   the address is refused until that window has passed. It applies to everyone.
 * - Per username (`createUsernameThrottle`): once a username has `maxFailures` failures, with no
 *   quiet spell of `windowMs` in between, logins from places that are new to the account share one
 *   slot: one attempt, then a pause of `slowBaseMs` that doubles with every further attempt up to
 *   `slowMaxMs`. A place where the account logged in before (its address, or a device cookie issued
 *   then) is never held back by this rule, so an attack spread over many addresses slows the
 *   attacker but cannot lock the owner out. Unknown usernames are treated the same, so the rule
 *   never tells whether a username exists.
 *
 * Attempts are counted when they are admitted, so parallel guesses cannot slip past the check;
 * a success then takes its own count back.
 */
export interface LoginLimits {
  maxFailures: number;
  windowMs: number;
  slowBaseMs: number;
  slowMaxMs: number;
}

/** The defaults: 10 failures, a 15-minute window, pauses from 1 minute doubling up to 15 minutes. */
export function loginLimits(windowMs = 15 * 60_000): LoginLimits {
  return { maxFailures: 10, windowMs, slowBaseMs: Math.round(windowMs / 15), slowMaxMs: windowMs };
}

/** Memory stays bounded under a flood of made-up usernames or addresses. */
const PRUNE_ABOVE = 100_000;

export interface Lockout {
  /** Milliseconds until all of these keys may try again; 0 when none is locked. */
  wait(keys: readonly string[], now?: number): number;
  count(keys: readonly string[], now?: number): void;
  /** Takes back one counted attempt per key, e.g. the one that turned out to be a success. */
  forgive(keys: readonly string[]): void;
}

export function createLockout({ maxFailures, windowMs }: Pick<LoginLimits, 'maxFailures' | 'windowMs'>): Lockout {
  const entries = new Map<string, { count: number; since: number }>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && now - entry.since >= windowMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    wait(keys, now = Date.now()) {
      let wait = 0;
      for (const key of keys) {
        const entry = live(key, now);
        if (entry && entry.count >= maxFailures) wait = Math.max(wait, entry.since + windowMs - now);
      }
      return wait;
    },
    count(keys, now = Date.now()) {
      for (const key of keys) {
        const entry = live(key, now);
        if (entry) entry.count++;
        else entries.set(key, { count: 1, since: now });
      }
      if (entries.size > PRUNE_ABOVE) for (const key of [...entries.keys()]) live(key, now);
    },
    forgive(keys) {
      for (const key of keys) {
        const entry = entries.get(key);
        if (entry && --entry.count <= 0) entries.delete(key);
      }
    },
  };
}

export interface UsernameThrottle {
  /** Milliseconds until this place may try this username; 0 when it may now. */
  wait(username: string, known: boolean, now?: number): number;
  count(username: string, known: boolean, now?: number): void;
  forgive(username: string): void;
}

export function createUsernameThrottle({ maxFailures, windowMs, slowBaseMs, slowMaxMs }: LoginLimits): UsernameThrottle {
  /** `nextAt`: when the shared slot of unknown places opens again. */
  const entries = new Map<string, { failures: number; lastAt: number; nextAt: number }>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    // Forgotten after a quiet spell: `windowMs` with no attempt, counted from when the slot reopened.
    if (entry && now >= Math.max(entry.lastAt, entry.nextAt) + windowMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const pause = (beyond: number) => Math.min(slowMaxMs, slowBaseMs * 2 ** Math.min(beyond, 30));

  return {
    wait(username, known, now = Date.now()) {
      if (known) return 0;
      const entry = live(username, now);
      if (!entry || entry.failures < maxFailures) return 0;
      return Math.max(0, entry.nextAt - now);
    },
    count(username, known, now = Date.now()) {
      let entry = live(username, now);
      if (!entry) entries.set(username, (entry = { failures: 0, lastAt: now, nextAt: 0 }));
      entry.failures++;
      entry.lastAt = now;
      if (!known && entry.failures >= maxFailures) entry.nextAt = now + pause(entry.failures - maxFailures);
      if (entries.size > PRUNE_ABOVE) for (const key of [...entries.keys()]) live(key, now);
    },
    forgive(username) {
      const entry = entries.get(username);
      if (entry && entry.failures > 0) entry.failures--;
    },
  };
}

export interface LoginAttempt {
  /** The address key, see `addressKey`. */
  address: string;
  /** Lower-cased. */
  username: string;
  /** Whether the account has logged in from this address or device before. */
  known: boolean;
}

export type Admission = { ok: true } | { ok: false; retryAfterMs: number; rule: 'address' | 'username' };

export interface LoginGuard {
  /** Admits (and counts) the attempt, or says how long to wait and which rule holds it back. */
  admit(attempt: LoginAttempt, now?: number): Admission;
  /** Takes this attempt's count back: a success, or an attempt that never got to check the password. */
  release(attempt: LoginAttempt): void;
}

export function createLoginGuard(limits: LoginLimits): LoginGuard {
  const addresses = createLockout(limits);
  const usernames = createUsernameThrottle(limits);
  return {
    admit({ address, username, known }, now = Date.now()) {
      const byAddress = addresses.wait([address], now);
      if (byAddress > 0) return { ok: false, retryAfterMs: byAddress, rule: 'address' };
      const byUsername = usernames.wait(username, known, now);
      if (byUsername > 0) return { ok: false, retryAfterMs: byUsername, rule: 'username' };
      addresses.count([address], now);
      usernames.count(username, known, now);
      return { ok: true };
    },
    // Only this attempt is taken back: logging into one's own account must not wipe the
    // address's failures against others, nor the username's failures from elsewhere.
    release({ address, username }) {
      addresses.forgive([address]);
      usernames.forgive(username);
    },
  };
}

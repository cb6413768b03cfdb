/**
 * Limits on password guessing: the rules, over entries in a Map. The server keeps the entries in the
 * database (sharedLoginGuard.ts), so every process on it holds one count and a restart forgets
 * nothing; each attempt lends the rules the few rows it concerns.
 *
 * - Per address (`createLockout`): after `maxFailures` failures within `windowMs` of the first,
 *   the address is refused until that window has passed. It applies to everyone but a device
 *   the account logged in with before: many readers share one carrier address.
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
 *
 * Memory is bounded: each map keeps at most `maxEntries` keys. Stale entries at the old end are
 * dropped as new attempts arrive, and beyond the cap the entry touched longest ago goes first.
 * A flood of made-up usernames or addresses can therefore only make the guard forget the
 * quietest entries (which then start counting again), never grow without limit or slow down.
 */
export interface LoginLimits {
  maxFailures: number;
  windowMs: number;
  slowBaseMs: number;
  slowMaxMs: number;
  /** How many addresses, and how many usernames, are remembered at most. */
  maxEntries?: number;
}

/** About 100 bytes each: some 10 MB per map when full. */
const MAX_ENTRIES = 100_000;

/** The defaults: 10 failures, a 15-minute window, pauses from 1 minute doubling up to 15 minutes. */
export function loginLimits(windowMs = 15 * 60_000): LoginLimits {
  return {
    maxFailures: 10,
    windowMs,
    slowBaseMs: Math.round(windowMs / 15),
    slowMaxMs: windowMs,
    maxEntries: MAX_ENTRIES,
  };
}

/**
 * Keeps a Map ordered from least to most recently touched (callers re-insert what they touch):
 * drops expired entries from the old end until a live one, then the oldest beyond `maxEntries`.
 * Each call does work only for the entries it removes.
 */
function trim<V>(entries: Map<string, V>, expired: (entry: V) => boolean, maxEntries: number): void {
  for (const [key, entry] of entries) {
    if (entries.size <= maxEntries && !expired(entry)) return;
    entries.delete(key);
  }
}

/** The entry under `key`, or undefined once it has expired, when it is forgotten too. */
function liveEntry<V>(entries: Map<string, V>, key: string, expired: (entry: V) => boolean): V | undefined {
  const entry = entries.get(key);
  if (entry && expired(entry)) {
    entries.delete(key);
    return undefined;
  }
  return entry;
}

export interface Lockout {
  /** Milliseconds until all of these keys may try again; 0 when none is locked. */
  wait(keys: readonly string[], now?: number): number;
  count(keys: readonly string[], now?: number): void;
  /** Takes back one counted attempt per key, e.g. the one that turned out to be a success. */
  forgive(keys: readonly string[]): void;
  /** How many keys are remembered. */
  readonly size: number;
}

export type LockoutEntry = { count: number; since: number };

/** `entries`: in the order they started, which is the order they expire in; the shared guard lends the rows it read. */
export function createLockout(
  { maxFailures, windowMs, maxEntries = MAX_ENTRIES }: Pick<LoginLimits, 'maxFailures' | 'windowMs' | 'maxEntries'>,
  entries = new Map<string, LockoutEntry>(),
): Lockout {
  const expiredAt = (now: number) => (entry: { since: number }) => now - entry.since >= windowMs;
  const live = (key: string, now: number) => liveEntry(entries, key, expiredAt(now));

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
      trim(entries, expiredAt(now), maxEntries);
    },
    forgive(keys) {
      for (const key of keys) {
        const entry = entries.get(key);
        if (entry && --entry.count <= 0) entries.delete(key);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export interface UsernameThrottle {
  /** Milliseconds until this place may try this username; 0 when it may now. */
  wait(username: string, known: boolean, now?: number): number;
  count(username: string, known: boolean, now?: number): void;
  forgive(username: string): void;
  /** How many usernames are remembered. */
  readonly size: number;
}

/** `nextAt`: when the shared slot of unknown places opens again. */
export type ThrottleEntry = { failures: number; lastAt: number; nextAt: number };

/** `entries`: least recently tried first; the shared guard lends the rows it read. */
export function createUsernameThrottle(
  { maxFailures, windowMs, slowBaseMs, slowMaxMs, maxEntries = MAX_ENTRIES }: LoginLimits,
  entries = new Map<string, ThrottleEntry>(),
): UsernameThrottle {
  // Forgotten after a quiet spell: `windowMs` with no attempt, counted from when the slot reopened.
  const expiredAt = (now: number) => (entry: ThrottleEntry) => now >= Math.max(entry.lastAt, entry.nextAt) + windowMs;
  const live = (key: string, now: number) => liveEntry(entries, key, expiredAt(now));
  const pause = (beyond: number) => Math.min(slowMaxMs, slowBaseMs * 2 ** Math.min(beyond, 30));

  return {
    wait(username, known, now = Date.now()) {
      if (known) return 0;
      const entry = live(username, now);
      if (!entry || entry.failures < maxFailures) return 0;
      return Math.max(0, entry.nextAt - now);
    },
    count(username, known, now = Date.now()) {
      const entry = live(username, now) ?? { failures: 0, lastAt: now, nextAt: 0 };
      entry.failures++;
      entry.lastAt = now;
      if (!known && entry.failures >= maxFailures) entry.nextAt = now + pause(entry.failures - maxFailures);
      // Moved to the recent end: a username under a steady attack is the last to be forgotten.
      entries.delete(username);
      entries.set(username, entry);
      trim(entries, expiredAt(now), maxEntries);
    },
    forgive(username) {
      const entry = entries.get(username);
      if (entry && entry.failures > 0) entry.failures--;
    },
    get size() {
      return entries.size;
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
  /**
   * Whether the device cookie sent is one this account logged in with. Such a device passes the
   * per-address lockout too: on a carrier's shared address, a stranger's failures must not lock
   * the owner out. A known address alone does not, since everyone behind it shares it.
   */
  knownDevice?: boolean;
}

export type Admission = { ok: true } | { ok: false; retryAfterMs: number; rule: 'address' | 'username' };

export interface LoginGuard {
  /** Admits (and counts) the attempt, or says how long to wait and which rule holds it back. */
  admit(attempt: LoginAttempt, now?: number): Admission;
  /** Takes this attempt's count back: a success, or an attempt that never got to check the password. */
  release(attempt: LoginAttempt): void;
  /** How many addresses and usernames are remembered. */
  tracked(): { addresses: number; usernames: number };
}

export function createLoginGuard(
  limits: LoginLimits,
  entries: { addresses?: Map<string, LockoutEntry>; usernames?: Map<string, ThrottleEntry> } = {},
): LoginGuard {
  const addresses = createLockout(limits, entries.addresses);
  const usernames = createUsernameThrottle(limits, entries.usernames);
  return {
    admit({ address, username, known, knownDevice = false }, now = Date.now()) {
      const byAddress = knownDevice ? 0 : addresses.wait([address], now);
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
    tracked: () => ({ addresses: addresses.size, usernames: usernames.size }),
  };
}

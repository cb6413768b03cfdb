/**
 * Login lockout: after `maxFailures` failed logins within the window, by IP or by username,
 * further attempts are refused until the window since the first failure has passed.
 * Attempts are counted when they start, so parallel guesses cannot slip past the check;
 * a success then takes its own count back.
 */
export interface LoginGuardOptions {
  maxFailures: number;
  windowMs: number;
}

export interface LoginGuard {
  /** Milliseconds until any of these keys may try again; 0 when none is locked. */
  retryAfter(keys: readonly string[], now?: number): number;
  fail(keys: readonly string[], now?: number): void;
  /** Takes back one counted attempt, e.g. the one that turned out to be a success. */
  forgive(key: string): void;
  succeed(keys: readonly string[]): void;
}

export function createLoginGuard({ maxFailures, windowMs }: LoginGuardOptions): LoginGuard {
  const failures = new Map<string, { count: number; since: number }>();

  const live = (key: string, now: number) => {
    const entry = failures.get(key);
    if (entry && now - entry.since >= windowMs) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    retryAfter(keys, now = Date.now()) {
      let wait = 0;
      for (const key of keys) {
        const entry = live(key, now);
        if (entry && entry.count >= maxFailures) wait = Math.max(wait, entry.since + windowMs - now);
      }
      return wait;
    },
    fail(keys, now = Date.now()) {
      for (const key of keys) {
        const entry = live(key, now);
        if (entry) entry.count++;
        else failures.set(key, { count: 1, since: now });
      }
      // Keep memory bounded under a flood of made-up usernames.
      if (failures.size > 100_000) for (const [key, entry] of failures) if (now - entry.since >= windowMs) failures.delete(key);
    },
    forgive(key) {
      const entry = failures.get(key);
      if (entry && --entry.count <= 0) failures.delete(key);
    },
    succeed(keys) {
      for (const key of keys) failures.delete(key);
    },
  };
}

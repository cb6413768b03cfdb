/**
 * This process's own count of a budget's calls per holder, in the same fixed windows as the budgets
 * table (table.ts, countHit): a window opens at a holder's first call and lasts windowMs. The table
 * counts the calls of every process on the database, so a holder past the budget here is past it
 * there too: its further calls are the budget's excess, known without asking the database. A
 * script flooding the counters is then answered at once, uncounted, instead of each of its calls
 * taking a turn in the group commit.
 */
export interface LocalCount {
  /** One more call of `key`; whether it is still within `max` in this process's window. */
  hit(key: string, max: number, windowMs: number): boolean;
  /** A call counted by `hit` that never reached the database after all: it is not counted here either. */
  takeBack(key: string): void;
  /** Holders whose window is open. */
  readonly size: number;
}

/**
 * Past this many holders the oldest windows go, ended or not, down to nine in ten of it, so a sweep
 * is rare: forgetting a holder only costs its next calls a question to the database. A busy site
 * counts a few thousand addresses a minute; each holder takes some 120 bytes.
 */
export const MAX_HOLDERS = 10_000;

export function createLocalCount(now: () => number = Date.now, maxHolders = MAX_HOLDERS): LocalCount {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  // A Map keeps insertion order, and a window is inserted when it opens: the first are the oldest.
  const sweep = () => {
    const keep = Math.floor(maxHolders * 0.9);
    for (const key of windows.keys()) {
      if (windows.size <= keep) break;
      windows.delete(key);
    }
  };
  return {
    hit(key, max, windowMs) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        windows.delete(key);
        if (windows.size >= maxHolders) sweep();
        windows.set(key, (window = { hits: 0, resetAt: at + windowMs }));
      }
      window.hits++;
      return window.hits <= max;
    },
    takeBack(key) {
      const window = windows.get(key);
      if (window && window.hits > 0) window.hits--;
    },
    get size() {
      return windows.size;
    },
  };
}

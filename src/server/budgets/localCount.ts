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

/** Past this many holders the ended windows are swept, and if none has ended, the oldest go: forgetting only costs a question to the database. */
export const MAX_HOLDERS = 50_000;

export function createLocalCount(now: () => number = Date.now, maxHolders = MAX_HOLDERS): LocalCount {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    // A Map keeps insertion order: the first keys opened their windows longest ago.
    for (const key of windows.keys()) {
      if (windows.size < maxHolders) break;
      windows.delete(key);
    }
  };
  return {
    hit(key, max, windowMs) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        windows.delete(key);
        if (windows.size >= maxHolders) sweep(at);
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

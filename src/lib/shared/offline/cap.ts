/**
 * The offline caches' book-keeping: what each holds, how big, when last read, and what goes when a
 * cache is past its cap (rules.ts, CACHE_CAPS). The Cache API knows none of this, so the worker keeps
 * it beside the caches as one JSON document.
 */
import type { CacheCap } from './rules';

export interface Kept {
  bytes: number;
  /** When it was last put or read, in ms since the epoch. */
  usedAt: number;
}

/** url → what is known of it. */
export type Ledger = Record<string, Kept>;

/**
 * The entries to drop: every one unread for longer than the cap's age, then the least recently read
 * until both the count and the bytes are within the cap.
 */
export function toEvict(ledger: Ledger, cap: CacheCap, now: number): string[] {
  const entries = Object.entries(ledger).sort(([, a], [, b]) => a.usedAt - b.usedAt);
  const evicted: string[] = [];
  let count = entries.length;
  let bytes = entries.reduce((sum, [, kept]) => sum + kept.bytes, 0);
  for (const [url, kept] of entries) {
    const stale = now - kept.usedAt > cap.maxAgeMs;
    if (!stale && count <= cap.maxEntries && bytes <= cap.maxBytes) break;
    evicted.push(url);
    count--;
    bytes -= kept.bytes;
  }
  return evicted;
}

/** A read refreshes an entry's time only once it is an hour old, so reading does not rewrite the ledger each time. */
export const REFRESH_AFTER_MS = 60 * 60 * 1000;

export const needsRefresh = (kept: Kept, now: number): boolean => now - kept.usedAt > REFRESH_AFTER_MS;

/** A stored ledger as read back, dropping whatever is not one (an older layout, a damaged write). */
export function parseLedger(value: unknown): Ledger {
  const ledger: Ledger = {};
  if (!value || typeof value !== 'object') return ledger;
  for (const [url, kept] of Object.entries(value)) {
    const { bytes, usedAt } = (kept ?? {}) as Partial<Kept>;
    if (typeof bytes === 'number' && typeof usedAt === 'number') ledger[url] = { bytes, usedAt };
  }
  return ledger;
}

/**
 * The offline caches' book-keeping: what each holds, how big, when last read, and what goes when a
 * cache is past its cap (rules.ts, CACHE_CAPS). The Cache API knows none of this, so the worker keeps
 * it beside the caches as one JSON document.
 */
import { OFFLINE_RECORDS, type CacheCap, type OfflineKind } from './rules.ts';

/** Where the worker keeps its ledgers, in its own cache; the offline page reads them to order what was read. */
export const LEDGER_PATH = `${OFFLINE_RECORDS}ledger.json`;

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

/** The worker's ledgers, one per cache, as stored at LEDGER_PATH; a damaged or missing document reads as empty ones. */
export function parseLedgers(text: string | null): Record<OfflineKind, Ledger> {
  let book: Partial<Record<OfflineKind, unknown>> = {};
  try {
    book = JSON.parse(text ?? '{}') ?? {};
  } catch {
    // The caches themselves are the truth: the worker rebuilds the ledgers from them.
  }
  return { page: parseLedger(book.page), image: parseLedger(book.image), asset: parseLedger(book.asset) };
}

/** A small least-recently-used cache whose entries also expire, bounded by count and by bytes. */
export interface TtlCache<V> {
  get(key: string): V | undefined;
  /** `bytes` is what the value costs; one larger than the whole budget is not kept at all. */
  set(key: string, value: V, bytes?: number): void;
  readonly size: number;
  readonly bytes: number;
}

export interface TtlCacheOptions {
  maxEntries: number;
  ttlMs: number;
  maxBytes?: number;
  now?: () => number;
}

export function ttlCache<V>({
  maxEntries,
  ttlMs,
  maxBytes = Infinity,
  now = () => Date.now(),
}: TtlCacheOptions): TtlCache<V> {
  const entries = new Map<string, { value: V; expires: number; bytes: number }>();
  let total = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    total -= entry.bytes;
    return entry;
  };
  return {
    get(key) {
      const entry = remove(key);
      if (!entry || entry.expires <= now()) return undefined;
      // Re-inserting moves the key to the end: Map keeps insertion order, so the first key is the stalest.
      entries.set(key, entry);
      total += entry.bytes;
      return entry.value;
    },
    set(key, value, bytes = 0) {
      remove(key);
      if (bytes > maxBytes) return;
      entries.set(key, { value, expires: now() + ttlMs, bytes });
      total += bytes;
      while (entries.size > maxEntries || total > maxBytes) remove(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return total;
    },
  };
}

/**
 * Hands back, once the server has gone quiet after a burst, the memory V8 grew its heap by.
 *
 * V8's memory reducer is meant to do this a few seconds after the load ends, but it judges the
 * load by the allocation rate it measured at the last collection. With no collection while idle,
 * the burst's rate stands, and only its watchdog, about 100 s after the last collection, shrinks
 * the heap (bench:burst: some 180 MB after the burst, 145 MB then). So the server collects once
 * itself, as the reducer would (compacting, and giving empty pages back), after a quiet spell: a
 * pause of about 0.1 s at a moment no request is being served. It needs `gc`, which
 * `--expose-gc` (serverSettings.ts) gives; without it (a server that could not start itself again
 * with the settings, such as one under `node --watch`), the heap is left to V8.
 */
import type { Server } from 'node:http';
import { getHeapStatistics } from 'node:v8';

/** How long no request must have come in. */
export const QUIET_MS = 5000;
/** How much the heap must have grown since the last collection here: a trickle of requests grows it little, and is not worth a pause. */
export const GROWTH_BYTES = 8 * 1024 * 1024;

/** V8's collection for `gc` with options (`--expose-gc`): a full one that gives back what it can, like its memory reducer's. */
type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export interface QuietSpell {
  /** Requests that came in during the spell just ended. */
  requests: number;
  /** The heap's size now, and after the last collection made here (or at start). */
  heapBytes: number;
  heapBytesAfterRelease: number;
}

/** Whether to collect now: nothing came in for a whole spell, and the heap grew enough since the last time. */
export const shouldRelease = ({ requests, heapBytes, heapBytesAfterRelease }: QuietSpell): boolean =>
  requests === 0 && heapBytes - heapBytesAfterRelease >= GROWTH_BYTES;

const heapBytes = () => getHeapStatistics().total_heap_size;

/** Watches the server's requests and collects once it has gone quiet with a grown heap. Returns a stop. */
export function releaseMemoryWhenQuiet(
  server: Server,
  collect = (globalThis as { gc?: unknown }).gc as Collect | undefined,
  quietMs = QUIET_MS,
): () => void {
  if (typeof collect !== 'function') return () => {};
  let requests = 0;
  let heapBytesAfterRelease = heapBytes();
  const counted = () => void requests++;
  server.on('request', counted);
  const timer = setInterval(() => {
    const spell = { requests, heapBytes: heapBytes(), heapBytesAfterRelease };
    requests = 0;
    if (!shouldRelease(spell)) return;
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    heapBytesAfterRelease = heapBytes();
  }, quietMs).unref();
  return () => {
    clearInterval(timer);
    server.off('request', counted);
  };
}

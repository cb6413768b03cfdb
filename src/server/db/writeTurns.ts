/**
 * Turns at the write lock between the two writers this process has on a database file: the main
 * thread's client and the group commit's thread (groupCommitThread.ts).
 *
 * SQLite lets one connection write at a time. One that finds the lock taken sleeps in its busy
 * handler, and a connection's calls are synchronous: on the main thread, that sleep stops every
 * request the server is serving. Under a burst of counting the thread commits group after group,
 * and a comment or an order written beside it slept up to 20-45 ms (p99 10-12 ms, bench:turns),
 * every page in flight waiting with it.
 *
 * So a write on the main thread first asks for a turn and waits for it without blocking
 * (Atomics.waitAsync): the thread begins no group while a turn is asked for, and the main thread
 * writes once the group in progress has committed (turnTakingClient.ts asks on behalf of the main
 * thread's client). The thread waits (blocking only itself) at most MAX_YIELD_MS, so a stream of
 * the main thread's writes cannot hold counting up. Other processes on the database are still
 * waited for by SQLite's busy timeout.
 */

/** The main thread's writes that have asked for a turn and not ended it. */
const ASKED = 0;
/** 1 while the thread's group holds, or is about to take, the write lock. */
const GROUP = 1;

/** How long the thread lets the main thread's writes go first before it takes the lock anyway. */
export const MAX_YIELD_MS = 50;

/** Shared between the threads (through `workerData`): two counters in shared memory. */
export type WriteTurns = Int32Array<SharedArrayBuffer>;

export const createWriteTurns = (): WriteTurns =>
  new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

/** A turn for one write on the main thread: resolves once no group is in progress, with the call that ends it. */
export async function mainThreadTurn(turns: WriteTurns): Promise<() => void> {
  Atomics.add(turns, ASKED, 1);
  // The thread sets GROUP before it reads ASKED, and this reads GROUP after raising ASKED: one of the two sees the other.
  while (Atomics.load(turns, GROUP) === 1) {
    const waiting = Atomics.waitAsync(turns, GROUP, 1);
    if (waiting.async) await waiting.value;
  }
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    Atomics.sub(turns, ASKED, 1);
    Atomics.notify(turns, ASKED);
  };
}

/** The thread's turn for one group: waits while the main thread writes, at most MAX_YIELD_MS; returns the call that ends it. */
export function groupTurn(turns: WriteTurns): () => void {
  const deadline = Date.now() + MAX_YIELD_MS;
  for (;;) {
    Atomics.store(turns, GROUP, 1);
    const asked = Atomics.load(turns, ASKED);
    const left = deadline - Date.now();
    if (asked === 0 || left <= 0) break;
    // Stand back: the main thread's waiting writes go, and wake this when the last one ends.
    Atomics.store(turns, GROUP, 0);
    Atomics.notify(turns, GROUP);
    Atomics.wait(turns, ASKED, asked, left);
  }
  return () => endGroupTurn(turns);
}

/** Ends the thread's turn: once its group has committed, or (from the main thread) once the thread has stopped, whatever it held. */
export function endGroupTurn(turns: WriteTurns): void {
  Atomics.store(turns, GROUP, 0);
  Atomics.notify(turns, GROUP);
}

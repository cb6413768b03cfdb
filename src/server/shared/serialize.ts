/**
 * Runs tasks for the same key one after another, tasks for different keys side by side. Used
 * where a check and the write it allows must not interleave with another request of the same
 * user (the upload quota, replacing an avatar). In-process: the server is a single process.
 */
export function createKeyedSerializer() {
  const tails = new Map<string, Promise<unknown>>();
  return async function serialize<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    const run = before.then(task);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

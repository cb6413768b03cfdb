/**
 * Something heavy made on first use (a library imported, a renderer built) and kept after, so a
 * server that never needs it never holds it. A failed attempt is not kept: the next use tries again.
 */
export function madeOnFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    }));
}

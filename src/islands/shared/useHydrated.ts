import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates the server's HTML, true on every render after it (and from the
 * start for a component first mounted in the browser). State only the browser knows — the
 * login, the restored player, the counters of an article read a moment ago — is shown once this
 * is true, so the first client render matches the HTML and React keeps it instead of throwing it away.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

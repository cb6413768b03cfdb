/**
 * Waking islands of `client:interaction` (src/client/hydrateOnInteraction.ts) before the reader
 * reaches for them, when the page knows they have something to show: the header of a logged-in
 * reader (the avatar, the bell), the player with a song from before a reload.
 */
import { WAKE_EVENT } from '../lib/browser/interaction';

/** Hydrates the island now; nothing when it is not on the page or already awake. */
export function wakeIsland(island: Element | null): void {
  island?.dispatchEvent(new Event(WAKE_EVENT));
}

/** Hydrates the island when the browser is next idle, as `client:idle` would. */
export function wakeWhenIdle(find: () => Element | null): void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  idle(() => wakeIsland(find()));
}

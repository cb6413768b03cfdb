/**
 * The rules of `client:interaction` (src/client/hydrateOnInteraction.ts): an island that hydrates
 * when the reader reaches for it, or when the page asks it to, and loses no click on the way.
 */

/** A pointer over it, a press on it or focus in it: the reader is reaching for the island, which starts loading. */
export const REACH_EVENTS = ['pointerover', 'pointerdown', 'focusin'] as const;

/** What the page dispatches on an island to hydrate it now (src/client/islands.ts). */
export const WAKE_EVENT = 'island:wake';

/** What the island runtime dispatches on an island once its first render and its effects have run. */
export const LIVE_EVENT = 'island:live';

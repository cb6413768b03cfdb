/**
 * `client:interaction`: the island hydrates when the reader reaches for it (a pointer over it, a
 * press, focus) or when the page wakes it (src/client/islands.ts), never just because the page
 * loaded. Until then its server-rendered HTML stands in, and clicks on it are held back and
 * dispatched again once the island is live, so the first click is never lost: a press starts the
 * loading, and the click that ends it may come before the island's code has arrived.
 *
 * "Live" is the island runtime's word (src/client/reactIslands.ts): React has committed the
 * hydration and run its effects, so a handler finds what they set up (the player's audio, say).
 *
 * The page script defines the directive (it imports this module before Astro's island element,
 * which it defines too, so no island starts before), and the script Astro inlines in each page
 * with such an island only hands over to it (interactionDirective.ts): this code is fetched and
 * cached once, instead of weighing on every page's first flight.
 */
import type { ClientDirective } from 'astro';
import { LIVE_EVENT, REACH_EVENTS, WAKE_EVENT } from '../lib/browser/interaction';
import { DIRECTIVE_GLOBAL } from './interactionDirective';

/** Islands listening for the reader. A persisted island is connected again on every navigation, and Astro calls the directive again. */
const waiting = new WeakSet<HTMLElement>();
/** Islands woken once: Astro calls the directive again when the router gives such an island new props, and then it hydrates at once. */
const woken = new WeakSet<HTMLElement>();

const hydrateOnInteraction: ClientDirective = (load, _options, island) => {
  if (woken.has(island)) return void load().then((hydrate) => hydrate());
  if (waiting.has(island)) return;
  waiting.add(island);
  const held: MouseEvent[] = [];

  const hold = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(event as MouseEvent);
    wake();
  };

  const replay = () => {
    island.removeEventListener('click', hold, true);
    for (const click of held.splice(0)) {
      // A control the first render replaced (the login link of a reader who turned out to be logged in) has nothing to click.
      // The held click is the new one's init: the same place, button and keys, so Ctrl on a link still opens a new tab.
      if (click.target instanceof Element && click.target.isConnected)
        click.target.dispatchEvent(new MouseEvent('click', click));
    }
  };

  const wake = () => {
    if (woken.has(island)) return;
    woken.add(island);
    waiting.delete(island);
    for (const type of REACH_EVENTS) island.removeEventListener(type, wake, true);
    island.removeEventListener(WAKE_EVENT, wake);
    island.addEventListener(LIVE_EVENT, replay, { once: true });
    void load().then((hydrate) => hydrate());
  };

  island.addEventListener('click', hold, true);
  for (const type of REACH_EVENTS) island.addEventListener(type, wake, { capture: true, passive: true });
  island.addEventListener(WAKE_EVENT, wake);
};

(globalThis as Record<string, unknown>)[DIRECTIVE_GLOBAL] = hydrateOnInteraction;

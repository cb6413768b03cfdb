/**
 * Astro's React renderer for the islands, with three changes:
 * - each island hydrates in a task of its own, after the renderer's module has been evaluated in
 *   one before it: the islands a page wakes together, and the evaluation of React's renderer,
 *   would otherwise run back to back in one long task, and the reader's input would wait for all of it;
 * - once React has committed an island's hydration and run its effects, the island is "live" and
 *   says so with LIVE_EVENT: `client:interaction` (hydrateOnInteraction.ts) then dispatches the
 *   clicks it held, which find the island as set up as a later click would;
 * - an island the router removes while React is still hydrating it is unmounted once that
 *   hydration commits, not before.
 *
 * React hydrates an island as a transition, so it commits a while after Astro has marked the
 * island hydrated (removed its `ssr` attribute). If the router swaps the page in that gap (an
 * island that redirects as soon as it loads, a quick click), Astro unmounts the removed islands
 * right away, and React takes the unmount of a root that has not hydrated for an early update
 * and reports it as an uncaught error (#424). Held back, such an island commits detached from
 * the page, its effects run once and are cleaned up by the unmount right after.
 *
 * scripts/astro/reactIslands.ts makes the islands load this module in place of Astro's.
 */
import renderWithAstro from '@astrojs/react/client.js';
import { createElement, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { LIVE_EVENT } from '../lib/browser/interaction';
import { yieldToMain } from './yieldToMain';

/** Islands whose hydration React has committed. */
const hydrated = new WeakSet<HTMLElement>();
/** Islands removed before that, waiting to be unmounted. */
const unmountPending = new WeakSet<HTMLElement>();
/** One wrapper per island and component: a new component type would make React remount the island. */
const wrappers = new WeakMap<HTMLElement, { Component: ComponentType; Wrapper: ComponentType }>();

function signallingHydration(element: HTMLElement, Component: ComponentType): ComponentType {
  const known = wrappers.get(element);
  if (known?.Component === Component) return known.Wrapper;
  // Renders no element of its own, so the tree still matches the server's HTML (and useId its ids).
  function Wrapper(props: Record<string, unknown>) {
    useLayoutEffect(() => {
      hydrated.add(element);
      // React refuses an unmount from inside its commit; a microtask runs right after it.
      if (unmountPending.delete(element)) {
        queueMicrotask(() => {
          if (!element.isConnected) element.dispatchEvent(new CustomEvent('astro:unmount'));
        });
      }
    }, []);
    // The wrapper's effect runs after those of everything inside it.
    useEffect(() => void element.dispatchEvent(new Event(LIVE_EVENT)), []);
    return createElement(Component, props);
  }
  wrappers.set(element, { Component, Wrapper });
  return Wrapper;
}

function holdUnmountUntilHydrated(element: HTMLElement): void {
  // Capturing on the island itself runs before the renderer's own listener, which it stops.
  element.addEventListener(
    'astro:unmount',
    (event) => {
      if (hydrated.has(element)) return;
      event.stopImmediatePropagation();
      unmountPending.add(element);
    },
    { capture: true },
  );
}

const render = (element: HTMLElement) => {
  const renderIsland = renderWithAstro(element);
  return async (...[Component, props, slots, options]: Parameters<ReturnType<typeof renderWithAstro>>) => {
    await yieldToMain();
    // The router may have swapped the page meanwhile: an island no longer on it is not hydrated.
    if (!element.isConnected) return;
    // `client:only` islands are rendered, not hydrated: unmounting them early is fine.
    if (options.client === 'only') return renderIsland(Component, props, slots, options);
    if (!wrappers.has(element)) holdUnmountUntilHydrated(element);
    return renderIsland(signallingHydration(element, Component), props, slots, options);
  };
};

export default render;

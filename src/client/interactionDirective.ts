/**
 * `client:interaction` as Astro inlines it in every page with such an island
 * (scripts/astro/reactIslands.ts registers it): it hands over to the directive the page script
 * defines (hydrateOnInteraction.ts), which is always there before an island starts, as the same
 * script defines Astro's island element.
 */
import type { ClientDirective } from 'astro';

export const DIRECTIVE_GLOBAL = 'hydrateOnInteraction';

const interaction: ClientDirective = (load, options, island) =>
  (globalThis as unknown as Record<string, ClientDirective>)[DIRECTIVE_GLOBAL](load, options, island);

export default interaction;

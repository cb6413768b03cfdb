import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The renderer Astro's React integration registers for the islands. */
const ASTRO_REACT_CLIENT = '@astrojs/react/client.js';
const OUR_REACT_CLIENT = fileURLToPath(new URL('../../src/client/reactIslands.ts', import.meta.url));
/** `client:interaction`: hydrates when the reader reaches for the island (src/client/hydrateOnInteraction.ts). */
const INTERACTION_DIRECTIVE = fileURLToPath(new URL('../../src/client/interactionDirective.ts', import.meta.url));

/**
 * The islands hydrate through src/client/reactIslands.ts, which wraps Astro's React renderer so
 * an island the router removes mid-hydration is unmounted after React commits it, hydrates the
 * islands of a page one task at a time, and says when an island is live (see there).
 * A Vite plugin's `resolveId`, not `resolve.alias`: an alias would also send our module's own
 * import of Astro's renderer back to our module.
 * It also adds the `client:interaction` directive (src/client/hydrateOnInteraction.ts), which
 * waits for that word before it dispatches the clicks it held.
 */
export function reactIslands(): AstroIntegration {
  const plugin: Plugin = {
    name: 'blog:react-islands',
    enforce: 'pre',
    // Every environment: in development the server resolves the renderer's URL for the page.
    resolveId(source, importer) {
      // Our module imports Astro's renderer itself: that import resolves as usual.
      if (source !== ASTRO_REACT_CLIENT || importer === OUR_REACT_CLIENT) return null;
      return OUR_REACT_CLIENT;
    },
  };
  return {
    name: 'blog:react-islands',
    hooks: {
      'astro:config:setup': ({ updateConfig, addClientDirective }) => {
        updateConfig({ vite: { plugins: [plugin] } });
        addClientDirective({ name: 'interaction', entrypoint: INTERACTION_DIRECTIVE });
      },
    },
  };
}

import type { AstroIntegration } from 'astro';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ON_DEMAND_ROUTES_FILE } from '../../src/server/http/onDemandRoutes.ts';

/**
 * Records which routes the build renders per request, so the server imports Astro's page handler
 * only when there is one. Every page of this site is prerendered, and the handler costs the server
 * some 10 MB of heap for nothing; a module once imported is never freed, so each publish would add
 * its build's handler to the last.
 *
 * With an adapter Astro always adds its server-island endpoint, which renders only components
 * marked `server:defer`; the site has none, so that endpoint is not counted. A page with
 * `export const prerender = false` is, and the server then loads the handler as before.
 */
export function onDemandRoutes(): AstroIntegration {
  let patterns: string[] = [];
  let serverDir: URL | undefined;
  return {
    name: 'blog:on-demand-routes',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:routes:resolved': ({ routes }) => {
        patterns = routes.filter((route) => !route.isPrerendered && route.origin !== 'internal').map((route) => route.pattern);
      },
      'astro:build:done': async () => {
        if (serverDir) await writeFile(fileURLToPath(new URL(ON_DEMAND_ROUTES_FILE, serverDir)), `${JSON.stringify(patterns)}\n`);
      },
    },
  };
}

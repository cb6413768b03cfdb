import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ON_DEMAND_ROUTES_FILE } from '../../src/server/http/onDemandRoutes.ts';

/** Astro adds it with any adapter; it renders only components marked `server:defer`. */
const SERVER_ISLANDS_ROUTE = '/_server-islands/[name]';
/** Astro's image endpoint: it transforms images only for pages rendered per request (a prerendered page's are files). */
const IMAGE_ROUTE = '/_image';

/** Whether a component of the site is a server island. */
function hasServerIslands(srcDir: string): boolean {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).some(
    (file) => file.endsWith('.astro') && readFileSync(join(srcDir, file), 'utf8').includes('server:defer'),
  );
}

/**
 * Records which routes the build renders per request, so the server imports Astro's page handler
 * only when there is one (src/server/http/onDemandRoutes.ts). Every page of this site is
 * prerendered, and the handler costs the server memory for nothing; a module once imported is
 * never freed, so each publish would add its build's handler to the last.
 *
 * A page or endpoint of the site that is not prerendered counts, and then every route Astro
 * renders per request. Without one, Astro's own routes still count (Actions, say), except two that
 * have nothing to do: its server-island endpoint while no component is a server island, and its
 * image endpoint. Without a route list from Astro, nothing is written and the server loads the
 * handler as before.
 */
export function onDemandRoutes(): AstroIntegration {
  let patterns: string[] | null = null;
  let srcDir = '';
  let serverDir: URL | undefined;
  return {
    name: 'blog:on-demand-routes',
    hooks: {
      'astro:config:done': ({ config }) => {
        srcDir = fileURLToPath(config.srcDir);
        serverDir = config.build.server;
      },
      'astro:routes:resolved': ({ routes }) => {
        const onDemand = routes.filter((route) => !route.isPrerendered);
        const own = onDemand.filter((route) => route.origin !== 'internal');
        patterns = (
          own.length
            ? onDemand
            : onDemand.filter((route) => route.pattern !== IMAGE_ROUTE && route.pattern !== SERVER_ISLANDS_ROUTE)
        ).map((route) => route.pattern);
      },
      'astro:build:done': async () => {
        if (!patterns || !serverDir) return;
        const needed = patterns.length === 0 && hasServerIslands(srcDir) ? [SERVER_ISLANDS_ROUTE] : patterns;
        await writeFile(fileURLToPath(new URL(ON_DEMAND_ROUTES_FILE, serverDir)), `${JSON.stringify(needed)}\n`);
      },
    },
  };
}

/**
 * Astro's page handler, loaded only when the build renders some route per request
 * (scripts/astro/onDemandRoutes.ts records which).
 */
import type { RequestHandler } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Written by the build to `<release>/server/`: the patterns of the routes rendered per request. */
export const ON_DEMAND_ROUTES_FILE = 'on-demand-routes.json';

const passOn: RequestHandler = (_req, _res, next) => next();

/** A build from before the file existed, or one that renders on demand, gets the handler as always. */
function rendersOnDemand(release: string): boolean {
  try {
    const patterns: unknown = JSON.parse(readFileSync(join(release, 'server', ON_DEMAND_ROUTES_FILE), 'utf8'));
    return !Array.isArray(patterns) || patterns.length > 0;
  } catch {
    return true;
  }
}

export async function loadPageHandler(release: string): Promise<RequestHandler> {
  if (!rendersOnDemand(release)) return passOn;
  // The build's config loads this module through Vite too, which would warn about an import it cannot follow.
  const entry = (await import(/* @vite-ignore */ pathToFileURL(join(release, 'server', 'entry.mjs')).href)) as {
    handler: RequestHandler;
  };
  return entry.handler;
}

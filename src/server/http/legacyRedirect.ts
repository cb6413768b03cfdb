import { trimEnd } from '../../lib/shared/trim.ts';

/** The original front end's query-string routes and the static path each now lives at. */
const LEGACY_ROUTES: Record<string, string> = { '/article': '/article/', '/talk': '/talk/' };
const LONGEST_LEGACY_PATH = 32;

/**
 * `/article?id=12&from=rss` → `/article/12?from=rss`. Returns null when the URL is not a
 * legacy one, so the static `/talk` list still serves when no id is given.
 */
export function legacyRedirect(pathname: string, search: string): string | null {
  // Runs on every URL with a query, before any budget: a long path can only be something else.
  if (pathname.length > LONGEST_LEGACY_PATH) return null;
  const base = LEGACY_ROUTES[trimEnd(pathname, '/') || '/'];
  if (!base) return null;
  const params = new URLSearchParams(search);
  const id = params.get('id');
  if (id === null || id === '') return null;
  params.delete('id');
  const rest = params.toString();
  return `${base}${encodeURIComponent(id)}${rest ? `?${rest}` : ''}`;
}

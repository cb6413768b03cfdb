/** The original front end's query-string routes and the static path each now lives at. */
const LEGACY_ROUTES: Record<string, string> = { '/article': '/article/', '/talk': '/talk/' };

/**
 * `/article?id=12&from=rss` → `/article/12?from=rss`. Returns null when the URL is not a
 * legacy one, so the static `/talk` list still serves when no id is given.
 */
export function legacyRedirect(pathname: string, search: string): string | null {
  const base = LEGACY_ROUTES[pathname.replace(/\/+$/, '') || '/'];
  if (!base) return null;
  const params = new URLSearchParams(search);
  const id = params.get('id');
  if (id === null || id === '') return null;
  params.delete('id');
  const rest = params.toString();
  return `${base}${encodeURIComponent(id)}${rest ? `?${rest}` : ''}`;
}

/** Old addresses in the one form our redirects match. */

/**
 * An old address as our redirects match it: a path from `/`, decoded, no query, no `index.html`
 * and no trailing slash (the server sends `/x/` to `/x` first). Relative ones resolve against
 * `base`. Null for the site's root, which is ours now, and for what is no address.
 */
export function normalizeOldPath(raw: string, base = '/'): string | null {
  const value = raw.trim();
  if (!value) return null;
  let pathname: string;
  try {
    pathname = new URL(value, `http://old.invalid${base.startsWith('/') ? base : `/${base}`}`).pathname;
  } catch {
    return null;
  }
  try {
    // decodeURI keeps `%2F` and `%3F` escaped: decoded they would change what the path says.
    pathname = decodeURI(pathname);
  } catch {
    // A broken escape stays as the old site wrote it.
  }
  const cleaned = pathname
    .replace(/\/{2,}/g, '/')
    .replace(/\/index\.html?$/i, '/')
    .replace(/\/$/, '');
  return cleaned || null;
}

/** Old addresses as the importers find them, resolved to paths of the old site. */
import { normalizeOldPath as normalized } from '../../../lib/shared/redirects.ts';

/**
 * An old address as our redirects match it (src/lib/shared/redirects.ts says which form): relative
 * ones resolve against `base`, a full address gives its path. Null for the site's root, which is
 * ours now, and for what is no address.
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
  return normalized(pathname.replace(/\/{2,}/g, '/'));
}

/**
 * The page-header image for a path: the longest configured route prefix that matches,
 * so `/article/12` can share `/article`'s image while `/` never swallows every route.
 */
export function pageHeaderFor(pathname: string, headers: Record<string, string>): string {
  let best = '';
  for (const prefix of Object.keys(headers)) {
    if (prefix === 'default') continue;
    const matches = pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : prefix + '/');
    if (matches && prefix.length > best.length) best = prefix;
  }
  return headers[best || 'default'] ?? '';
}

/**
 * The addresses of the pages named by a tag or a category (`/tag/C%23`, `/category/测试%2F分类`).
 * A name is any text the content schema accepts, so it can hold `/`, `#`, `%`, `?` or `..`:
 * - in the address it is one path segment, percent-encoded (`encodeURIComponent`), which is what
 *   links to these pages always were, so old links keep working;
 * - on disk its page is in a folder named by the name's UTF-8 bytes, each byte outside
 *   `[A-Za-z0-9_-]` written `~XX` (`C#` → `C~23`, `Node.js` → `Node~2Ejs`). Such a name is a safe
 *   file name anywhere, never `..` nor hidden, and no two names share one. It holds no `%`: Astro
 *   decodes the escapes of a page's path before matching it to its route parameter, and names
 *   the page's file by that path as it is.
 * The server finds a page by turning each segment of a request into its folder form (static.ts).
 */

/** The sections whose pages are named by a tag or a category. */
export const NAME_SECTIONS = ['tag', 'category'] as const;
export type NameSection = (typeof NAME_SECTIONS)[number];

/** A page's path: `/tag/C%23`, `/category/%E6%B5%8B%E8%AF%95%2F%E5%88%86%E7%B1%BB`. */
export const namePath = (section: NameSection, name: string): string => `/${section}/${encodeURIComponent(name)}`;

/** The folder of a (decoded) name or path segment: `C#` → `C~23`. Throws on text that is not well formed (a lone surrogate). */
export const folderOf = (segment: string): string =>
  encodeURIComponent(segment)
    .replace(/[.!~*'()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%', '~');

/** The name a folder holds the page of; null when it is not a folder name `folderOf` makes. */
export function nameOfFolder(folder: string): string | null {
  if (!/^(?:[\w-]|~[0-9A-F]{2})*$/.test(folder)) return null;
  try {
    const name = decodeURIComponent(folder.replaceAll('~', '%'));
    return folderOf(name) === folder ? name : null;
  } catch {
    return null;
  }
}

/**
 * A request path with each segment in folder form (`/tag/C%23` → `/tag/C~23`, `/tag/Node.js` →
 * `/tag/Node~2Ejs`); null when a segment's escapes do not decode, or decode to malformed text.
 */
export function folderPath(rawPath: string): string | null {
  try {
    return rawPath
      .split('/')
      .map((raw) => folderOf(decodeURIComponent(raw)))
      .join('/');
  } catch {
    return null;
  }
}

/**
 * The address of a page as Astro names it while building (`/tag/C~23/`, its folder): the
 * canonical link and the sitemap give the address readers use instead (`/tag/C%23/`).
 */
export function publicPagePath(builtPath: string): string {
  const match = /^\/(tag|category)\/([^/]+)(\/?)$/.exec(builtPath);
  const name = match && nameOfFolder(match[2]);
  return name === null || !match ? builtPath : `${namePath(match[1] as NameSection, name)}${match[3]}`;
}

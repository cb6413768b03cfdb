/**
 * Trimming given characters from the ends of a string, in one pass. The patterns this replaces,
 * like `/\/+$/`, take quadratic time on a long run of the character that is not at the end
 * (`////…/a`): the engine tries the run again from every position in it.
 */

/** `value` without any of `chars` at its end: `trimEnd('/a//', '/')` is `'/a'`. */
export function trimEnd(value: string, chars: string): string {
  let end = value.length;
  while (end > 0 && chars.includes(value[end - 1])) end--;
  return value.slice(0, end);
}

/** `value` without any of `chars` at its start. */
export function trimStart(value: string, chars: string): string {
  let start = 0;
  while (start < value.length && chars.includes(value[start])) start++;
  return value.slice(start);
}

/** A page path without its trailing slashes, `/` staying `/`: `/category/前端/` is `/category/前端`. */
export const withoutTrailingSlash = (path: string): string => trimEnd(path, '/') || '/';

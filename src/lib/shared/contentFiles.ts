/** Files beside the articles (images, covers) as the console shows them before a build has optimised them. */
import { splitRoute, WRITING_FILE } from '../../contract/routes.ts';

/** Where the console fetches a file beside the articles (see the writing routes). */
export const CONTENT_FILE_URL = splitRoute(WRITING_FILE).path.replace('*path', '');

/** `./images/a.png` in an article at `notes/x.md` → the console URL of `notes/images/a.png`; null for a path that leaves the folder. */
export function contentFileUrl(articleDir: string, src: string): string | null {
  if (!/^\.{0,2}\//.test(src) || /^\/\//.test(src) || src.startsWith('/')) return null;
  const parts = [...(articleDir ? articleDir.split('/') : []), ...src.split('/')];
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') {
      if (!resolved.pop()) return null;
    } else if (part && part !== '.') resolved.push(part);
  }
  return CONTENT_FILE_URL + resolved.map(encodeURIComponent).join('/');
}

/** The folder of an article's file (`notes` for `notes/x.md`), against which its relative paths resolve. */
export const articleDirOf = (file: string | null) =>
  file && file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';

/**
 * Where to get each picture the original names: the web for an absolute address, the folder of
 * the original server's uploads (`--images`) for a path on it, nothing otherwise. A path is the
 * original's data, not ours: it never leads out of that folder.
 */
import { realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { ImageRef, ImageSource } from '../../bundle.ts';
import { decodeEntities } from './htmlText.ts';
import { imageRefsIn, isEmbedded } from './imageRefs.ts';

const MARKDOWN_ESCAPE = /\\([!-/:-@[-`{-~])/g;

/** The file parts of a path on the original server, decoded; null when one would climb out (`..`). */
function pathSegments(path: string): string[] | null {
  const segments: string[] = [];
  for (const raw of path.split(/[?#]/, 1)[0].split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      segment = raw;
    }
    if (segment === '..' || /[/\\\0]/.test(segment)) return null;
    if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.length > 0 ? segments : null;
}

/** Whether `path` is a file that, links followed, is still inside `root`. */
async function isFileInside(path: string, root: string): Promise<boolean> {
  try {
    const [real, realRoot] = await Promise.all([realpath(path), realpath(root)]);
    return real.startsWith(realRoot + sep) && (await stat(real)).isFile();
  } catch {
    return false;
  }
}

/**
 * The file in `imageDir` that a path on the original server names. The owner may give the site's
 * root (holding `upload/2023/cat.png`) or the upload folder itself (holding `2023/cat.png` or
 * `cat.png`): the longest tail of the path that is a file there wins, else the whole path.
 */
async function fileIn(imageDir: string, segments: string[]): Promise<string | null> {
  const root = resolve(imageDir);
  const candidates = segments.map((_, skipped) => join(root, ...segments.slice(skipped)));
  if (!candidates.every((path) => path.startsWith(root + sep))) return null;
  for (const path of candidates) if (await isFileInside(path, root)) return path;
  return candidates[0];
}

/** How the text around a reference writes it, which decides how it is read. */
export type RefSyntax = 'markdown' | 'html' | 'field';

/** The address a reference stands for: both Markdown and HTML read character references, only Markdown `\` escapes. */
function addressOf(ref: string, syntax: RefSyntax): string {
  if (syntax === 'field') return ref.trim();
  return decodeEntities(syntax === 'markdown' ? ref.replace(MARKDOWN_ESCAPE, '$1') : ref).trim();
}

/**
 * Where to get the picture a reference names: the web for an absolute address, `imageDir` for a
 * path on the original server, null when neither can say.
 */
export async function imageSource(ref: string, syntax: RefSyntax, imageDir?: string): Promise<ImageSource | null> {
  const written = addressOf(ref, syntax);
  const address = written.startsWith('//') ? `https:${written}` : written;
  if (/^https?:\/\//i.test(address)) {
    try {
      return { url: new URL(address).href };
    } catch {
      return null;
    }
  }
  if (/^[a-z][\w+.-]*:/i.test(address) || !imageDir) return null;
  const segments = pathSegments(address);
  if (!segments) return null;
  const file = await fileIn(imageDir, segments);
  return file ? { file } : null;
}

/** A picture the original stores in a field of its own (a cover, a talk's photo): the field is the reference. */
export async function fieldImage(value: string, imageDir: string | undefined): Promise<ImageRef | null> {
  if (value.trim() === '' || isEmbedded(value)) return null;
  return { ref: value, from: await imageSource(value, 'field', imageDir) };
}

/** The pictures of a Markdown body with where to get each. */
export async function bodyImages(markdown: string, imageDir: string | undefined): Promise<ImageRef[]> {
  return Promise.all(
    imageRefsIn(markdown).map(async ({ ref, html }) => ({
      ref,
      from: await imageSource(ref, html ? 'html' : 'markdown', imageDir),
    })),
  );
}

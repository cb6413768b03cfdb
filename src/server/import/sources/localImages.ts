/**
 * Where a picture a Hexo or Hugo article names is on this machine. Everything resolves inside the
 * site's folder: an article is someone else's text, and `../../../etc/passwd` must not become a
 * file the import copies into our site.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ImageRef } from '../bundle.ts';
import type { NamedImage } from './markdownImages.ts';
import { trimChar } from './tidy.ts';

export interface ImagePlaces {
  /** The article's own folder (a Hugo page bundle's, or `_posts`). */
  postDir: string;
  /** Hexo's `post_asset_folder`: the folder named as the post, beside it. */
  assetDir?: string;
  /** Where `/images/a.png` is: Hexo's `source/`, Hugo's `static/`. */
  rootDirs: string[];
  /** The address prefix the old site was served under (`/blog/`), left off a root path. */
  urlRoot: string;
  /** Nothing outside it is ever read. */
  siteRoot: string;
}

export interface ResolvedImage {
  image: ImageRef;
  /** Why the picture was refused, for the report. */
  problem?: string;
}

/** The file at `candidate`, when it exists and, links followed, is inside `root`. */
export async function fileInside(candidate: string, root: string): Promise<string | null | 'outside'> {
  if (!isInside(candidate, root)) return 'outside';
  try {
    const [real, realRoot] = await Promise.all([realpath(candidate), realpath(root)]);
    if (!isInside(real, realRoot)) return 'outside';
    return (await stat(real)).isFile() ? candidate : null;
  } catch {
    return null;
  }
}

/** Whether `file` is under `root` (not `root` itself). */
export const isInside = (file: string, root: string) => {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/** The path an address names: no query or fragment, percent-escapes decoded when they are valid. */
function addressPath(target: string): string {
  const end = target.search(/[?#]/);
  const bare = end < 0 ? target : target.slice(0, end);
  try {
    return decodeURI(bare);
  } catch {
    return bare;
  }
}

/** An address on the web, or a path on the old site. */
export async function resolveLocalImage(named: NamedImage, places: ImagePlaces): Promise<ResolvedImage> {
  const { ref, target } = named;
  if (/^https?:\/\//i.test(target)) return { image: { ref, from: { url: target } } };
  if (target.startsWith('//')) return { image: { ref, from: { url: `https:${target}` } } };
  // Another scheme (ftp:, file:, a Windows drive): nothing this import should reach for.
  if (/^[a-z][\w+.-]*:/i.test(target)) return { image: { ref, from: null } };

  const wanted = addressPath(target);
  let candidates: string[];
  if (wanted.startsWith('/')) {
    const root = trimChar(places.urlRoot, '/') && `/${trimChar(places.urlRoot, '/')}`;
    const underRoot = root && wanted.startsWith(`${root}/`) ? wanted.slice(root.length) : wanted;
    candidates = places.rootDirs.map((dir) => path.join(dir, underRoot));
  } else {
    candidates = [path.join(places.postDir, wanted)];
    if (places.assetDir) candidates.push(path.join(places.assetDir, wanted));
  }
  let outside = false;
  for (const candidate of candidates) {
    const found = await fileInside(candidate, places.siteRoot);
    if (found === 'outside') outside = true;
    else if (found) return { image: { ref, from: { file: found } } };
  }
  const image: ImageRef = { ref, from: null };
  return outside ? { image, problem: `图片路径 ${ref} 指向站点文件夹之外，未读取` } : { image };
}

/**
 * Images the owner adds in the editor, stored beside the articles (`articles/images/`,
 * `articles/covers/`) so the build optimises them like hand-placed ones (AVIF/WebP, widths, sizes).
 * Only real PNG, JPEG, WebP or GIF of a decodable size, named by the content uploaded, so one image
 * pasted twice is one file and is shrunk once. What is stored is upright, small and bare (uprightImage.ts).
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { UploadedContentImage } from '../../contract/writing.ts';
import { Refused } from '../shared/errors.ts';
import { imageExtension } from '../uploads/images.ts';
import { CONTENT_FILE_URL } from './preview.ts';
import { writeAtomically } from './sourceFiles.ts';
import { uprightImage } from './uprightImage.ts';

export type ContentImageUse = 'images' | 'covers';

export async function saveContentImage(
  articlesDir: string,
  use: ContentImageUse,
  bytes: Buffer,
): Promise<UploadedContentImage> {
  const extension = await imageExtension(bytes);
  if (!extension) throw new Refused('只能上传 PNG、JPEG、WebP 或 GIF 图片', ['file']);
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}.${extension}`;
  const path = join(articlesDir, use, name);
  if (!(await stat(path).catch(() => null))) await writeAtomically(path, await uprightImage(bytes, extension));
  return { path: `./${use}/${name}`, url: `${CONTENT_FILE_URL}${use}/${name}` };
}

const SHOWN = /\.(?:png|jpe?g|webp|gif|svg|avif)$/i;

/** The file a console URL names, or null when it is not an image inside the articles folder. */
export function contentImageFile(articlesDir: string, path: string): string | null {
  if (!SHOWN.test(path) || path.includes('\0')) return null;
  const root = resolve(articlesDir);
  const file = resolve(root, path);
  const inside = relative(root, file);
  if (!inside || inside.startsWith('..') || inside.split(sep).some((part) => part.startsWith('.'))) return null;
  return file;
}

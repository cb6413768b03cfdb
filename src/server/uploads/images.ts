/**
 * Uploaded images: only real PNG, JPEG, WebP or GIF, judged by their bytes, stored under random names.
 * file-type and sharp (with libvips) are loaded by the first upload: most servers seldom see one.
 */
import { join } from 'node:path';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from '../../contract/limits.ts';
import { Refused } from '../shared/errors.ts';

/** Where uploads go unless `UPLOAD_DIR` says otherwise; relative to the working directory. */
export const DEFAULT_UPLOAD_DIR = join('data', 'uploads');
export const UPLOAD_URL_PREFIX = '/uploads/';

/** SVG is not here on purpose: it can carry script. */
const ALLOWED: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const UPLOADED_PATH = /^\/uploads\/([a-f0-9]{32}\.(?:png|jpg|webp|gif))$/;

export const isUploadedImagePath = (value: string) => UPLOADED_PATH.test(value);

/** The file name inside the upload directory, or null when the path is not one of ours. */
export const uploadedFileName = (path: string): string | null => UPLOADED_PATH.exec(path)?.[1] ?? null;

/** The extension the bytes deserve, or null when they are not an image we accept. */
export async function imageExtension(bytes: Buffer): Promise<string | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  return (type && ALLOWED[type.mime]) || null;
}

/** What an image's header says: its size (one frame's, for an animation) and its number of frames. */
export interface ImageHeader {
  width: number;
  height: number;
  pages: number;
}

/** Reads only the header; an image it cannot read is refused as damaged. */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader> {
  let width: number | undefined;
  let height: number | undefined;
  let pages = 1;
  const { default: sharp } = await import('sharp');
  try {
    // Only the header is read here; the pixel limits are the callers' own, with clearer answers.
    const meta = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
    width = meta.width;
    height = meta.pageHeight ?? meta.height;
    pages = meta.pages ?? 1;
  } catch {
    throw new Refused('图片无法读取，可能已经损坏', ['file']);
  }
  if (!width || !height) throw new Refused('图片无法读取，可能已经损坏', ['file']);
  return { width, height, pages };
}

/**
 * Refuses an image too large to decode safely, reading only its header: every frame at most
 * MAX_IMAGE_SIDE_PX a side and MAX_IMAGE_PIXELS in all, and an animation at most as many pixels
 * as eight such frames.
 */
export async function checkImageSize(bytes: Buffer): Promise<void> {
  const { width, height, pages } = await readImageHeader(bytes);
  const tooLarge =
    width > MAX_IMAGE_SIDE_PX ||
    height > MAX_IMAGE_SIDE_PX ||
    width * height > MAX_IMAGE_PIXELS ||
    width * height * pages > 8 * MAX_IMAGE_PIXELS;
  if (tooLarge) {
    throw new Refused(
      `图片尺寸太大（${width}×${height}）：宽和高都不能超过 ${MAX_IMAGE_SIDE_PX} 像素，总共不超过 ${MAX_IMAGE_PIXELS / 10_000} 万像素`,
      ['file'],
    );
  }
}

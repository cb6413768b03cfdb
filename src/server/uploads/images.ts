/** Uploaded images: only real PNG, JPEG, WebP or GIF, judged by their bytes, stored under random names. */
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

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
  const type = await fileTypeFromBuffer(bytes);
  return (type && ALLOWED[type.mime]) || null;
}

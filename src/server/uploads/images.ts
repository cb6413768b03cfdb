/** Uploaded images: only real PNG, JPEG, WebP or GIF, judged by their bytes, stored under random names. */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../api/envelope.ts';

export const UPLOAD_DIR = resolve(process.env.UPLOAD_DIR || join('data', 'uploads'));
export const UPLOAD_URL_PREFIX = '/uploads/';
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** SVG is not here on purpose: it can carry script. */
const ALLOWED: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export const isUploadedImagePath = (value: string) => /^\/uploads\/[a-f0-9]{32}\.(png|jpg|webp|gif)$/.test(value);

export async function saveImage(bytes: Buffer, dir = UPLOAD_DIR): Promise<string> {
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && ALLOWED[type.mime];
  if (!ext) throw badRequest('只能上传 PNG、JPEG、WebP 或 GIF 图片', ['file']);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await writeFile(join(dir, name), bytes, { mode: 0o644 });
  return UPLOAD_URL_PREFIX + name;
}

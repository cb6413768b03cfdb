/** A picture chosen by the reader, re-encoded on this device and uploaded: the avatar, a post's background. */
import { MAX_IMAGE_BYTES } from '../contract/limits';
import { t } from '../i18n/zh-CN';
import { uploadName } from '../lib/browser/compress';
import { refusalOf } from '../lib/browser/request';
import { call } from './api';
import { UPLOAD_IMAGE } from '../contract/routes';
import { compressImage } from './compressImage';

export const ACCEPTED_PICTURES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The uploaded picture's public path, or what went wrong, in words for the reader. */
export async function uploadPicture(file: File): Promise<{ url: string } | { problem: string }> {
  if (!ACCEPTED_PICTURES.includes(file.type)) return { problem: t.userCenter.imageOnly };
  let blob: Blob;
  try {
    blob = await compressImage(file);
  } catch {
    return { problem: '无法读取这张图片，请换一张试试' };
  }
  if (blob.size > MAX_IMAGE_BYTES) return { problem: t.userCenter.imageTooLarge };
  try {
    const { result } = await call(UPLOAD_IMAGE, { file: new File([blob], uploadName(blob.type), { type: blob.type }) });
    return { url: result!.url };
  } catch (error) {
    return { problem: refusalOf(error, '图片上传失败，请稍后再试').message };
  }
}

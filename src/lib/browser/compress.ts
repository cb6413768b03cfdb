import { COMPRESS_TARGET_BYTES } from '../../contract/limits.ts';

/** The longest side an avatar or picture keeps; larger ones are scaled down. */
export const MAX_IMAGE_SIDE = 1600;

export interface CompressOptions {
  startQuality?: number;
  targetBytes?: number;
  minQuality?: number;
}

export interface Compressed<T> {
  result: T;
  quality: number;
}

/**
 * Re-encodes at falling quality, 0.1 a step, until the result fits the target.
 * The encoder is passed in so the rule stays independent of canvas and Blob.
 */
export async function compressToTarget<T extends { size: number }>(
  encode: (quality: number) => Promise<T>,
  { startQuality = 0.9, targetBytes = COMPRESS_TARGET_BYTES, minQuality = 0.1 }: CompressOptions = {},
): Promise<Compressed<T>> {
  // Integer tenths, so 0.9 - 0.1 - 0.1 never drifts into 0.7000000000000001.
  let tenths = Math.round(startQuality * 10);
  const floor = Math.round(minQuality * 10);
  let result = await encode(tenths / 10);
  while (result.size > targetBytes && tenths > floor) {
    tenths -= 1;
    result = await encode(tenths / 10);
  }
  return { result, quality: tenths / 10 };
}

/** The size an image is drawn at: its own, or scaled down so the longest side is `maxSide`. */
export function fitWithin(width: number, height: number, maxSide = MAX_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * What a picked image is re-encoded as. Every image is re-encoded, small ones too, so metadata
 * such as EXIF location never leaves the device. Photos stay JPEG; images that may be transparent
 * become WebP, which keeps transparency. A GIF keeps only its first frame.
 */
export function reencodeType(inputType: string): 'image/jpeg' | 'image/webp' {
  return inputType === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
}

/** A neutral file name for the upload, so the original name (often a date or a place) stays home too. */
export const uploadName = (type: string) => `image.${type === 'image/jpeg' ? 'jpg' : type.split('/')[1] || 'img'}`;

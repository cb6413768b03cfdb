export const COMPRESS_TARGET_BYTES = 800 * 1024;

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
 * Re-encodes at falling quality, 0.1 a step, until the result fits the target (SPEC section 5).
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

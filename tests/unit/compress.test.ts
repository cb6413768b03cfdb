import { describe, expect, it } from 'vitest';
import { COMPRESS_TARGET_BYTES } from '../../src/contract/limits';
import { compressToTarget, fitWithin, reencodeType, uploadName } from '../../src/lib/browser/compress';

/** An encoder whose output shrinks linearly with quality, recording what it was asked. */
function fakeEncoder(bytesAtFull: number) {
  const asked: number[] = [];
  const encode = async (quality: number) => {
    asked.push(quality);
    return { size: Math.round(bytesAtFull * quality) };
  };
  return { asked, encode };
}

describe('compressToTarget', () => {
  it('steps quality down by 0.1 until the result is at most 800 KB', async () => {
    const { asked, encode } = fakeEncoder(2_000_000);
    const { result, quality } = await compressToTarget(encode);
    expect(asked).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4]);
    expect(quality).toBe(0.4);
    expect(result.size).toBeLessThanOrEqual(COMPRESS_TARGET_BYTES);
  });
  it('encodes once when the first result already fits', async () => {
    const { asked, encode } = fakeEncoder(500_000);
    await compressToTarget(encode, { startQuality: 0.8 });
    expect(asked).toEqual([0.8]);
  });
  it('stops at the minimum quality rather than looping forever', async () => {
    const { asked, encode } = fakeEncoder(100_000_000);
    const { quality } = await compressToTarget(encode);
    expect(quality).toBe(0.1);
    expect(asked).toHaveLength(9);
  });
});

describe('re-encoding before upload', () => {
  it('keeps the size of an image that fits and scales a larger one to 1600 px on its longest side', () => {
    expect(fitWithin(128, 96)).toEqual({ width: 128, height: 96 });
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1000, 5000)).toEqual({ width: 320, height: 1600 });
    expect(fitWithin(5000, 1)).toEqual({ width: 1600, height: 1 });
  });

  it('re-encodes every type: photos as JPEG, images that may be transparent (a GIF too) as WebP', () => {
    expect(reencodeType('image/jpeg')).toBe('image/jpeg');
    expect(reencodeType('image/png')).toBe('image/webp');
    expect(reencodeType('image/webp')).toBe('image/webp');
    expect(reencodeType('image/gif')).toBe('image/webp');
  });

  it('names the upload by its type only, never by the original file name', () => {
    expect(uploadName('image/jpeg')).toBe('image.jpg');
    expect(uploadName('image/webp')).toBe('image.webp');
    expect(uploadName('image/png')).toBe('image.png');
  });
});

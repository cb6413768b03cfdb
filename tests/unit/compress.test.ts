import { describe, expect, it } from 'vitest';
import { compressToTarget, COMPRESS_TARGET_BYTES } from '../../src/lib/compress';

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

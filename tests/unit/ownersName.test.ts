import { describe, expect, it } from 'vitest';
import { passesForOwner } from '../../src/server/users/ownersName';

describe('a nickname that would pass for the owner', () => {
  it('is the name with spaces, dots or symbols between its characters, in full width, or in Traditional characters', async () => {
    for (const name of ['小咸鱼', '小 咸 鱼', '小·咸·鱼', '小-咸-鱼', '小咸魚', '小鹹魚', ' 小　咸魚 '])
      expect(await passesForOwner(name, '小咸鱼'), name).toBe(true);
    expect(await passesForOwner('ＡＤＭＩＮ', 'admin')).toBe(true);
  });

  it('is not another name that shares some of its characters', async () => {
    for (const name of ['小鱼', '咸鱼', '小咸鱼儿', '大咸鱼'])
      expect(await passesForOwner(name, '小咸鱼'), name).toBe(false);
  });
});

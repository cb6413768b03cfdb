import { describe, expect, it } from 'vitest';
import { madeOnFirstUse } from '../../src/server/shared/firstUse';

describe('madeOnFirstUse', () => {
  it('makes nothing until first used, then once for every use, at once or later', async () => {
    let made = 0;
    const thing = madeOnFirstUse(async () => ++made);
    expect(made).toBe(0);
    expect(await Promise.all([thing(), thing()])).toEqual([1, 1]);
    expect(await thing()).toBe(1);
    expect(made).toBe(1);
  });

  it('does not keep a failure: the next use tries again', async () => {
    let attempts = 0;
    const thing = madeOnFirstUse(async () => {
      attempts++;
      if (attempts === 1) throw new Error('无法加载');
      return 'ready';
    });
    await expect(thing()).rejects.toThrow('无法加载');
    expect(await thing()).toBe('ready');
    expect(await thing()).toBe('ready');
    expect(attempts).toBe(2);
  });
});

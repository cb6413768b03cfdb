import { describe, expect, it } from 'vitest';
import { isCurrentPath } from '../../src/lib/browser/headerMenu';

describe('isCurrentPath', () => {
  it('marks the page itself and the pages of its section', () => {
    expect(isCurrentPath('/category', '/category')).toBe(true);
    expect(isCurrentPath('/category/', '/category')).toBe(true);
    expect(isCurrentPath('/category/%E5%89%8D%E7%AB%AF', '/category')).toBe(true);
    expect(isCurrentPath('/home/2', '/home')).toBe(true);
  });

  it('does not mark a page that only shares the beginning of its name', () => {
    expect(isCurrentPath('/talks', '/talk')).toBe(false);
    expect(isCurrentPath('/pay', '/pay/xxx-sd')).toBe(false);
    expect(isCurrentPath('/', '/home')).toBe(false);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { astroCacheDir, encodedImagesDir } from '../../src/lib/node/astroCache';

const ROOT = '/srv/blog';

describe('Astro’s cache folder', () => {
  it('is Astro’s own for the checkout’s content folder, named or not, so the console’s builds share it with npm run build', () => {
    expect(astroCacheDir({}, ROOT)).toBeUndefined();
    expect(astroCacheDir({ CONTENT_DIR: 'src/content' }, ROOT)).toBeUndefined();
    expect(astroCacheDir({ CONTENT_DIR: '/srv/blog/src/content/' }, ROOT)).toBeUndefined();
    expect(encodedImagesDir({ CONTENT_DIR: '/srv/blog/src/content' }, ROOT)).toBe(
      '/srv/blog/node_modules/.astro/assets',
    );
  });

  it('is one of its own for another content folder, and ASTRO_CACHE_DIR when set', () => {
    const hash = createHash('sha256').update('/srv/content').digest('hex').slice(0, 12);
    expect(astroCacheDir({ CONTENT_DIR: '/srv/content' }, ROOT)).toBe(`node_modules/.astro/content-${hash}`);
    expect(astroCacheDir({ CONTENT_DIR: '../content' }, ROOT)).toBe(`node_modules/.astro/content-${hash}`);
    expect(encodedImagesDir({ CONTENT_DIR: '/srv/content' }, ROOT)).toBe(
      `/srv/blog/node_modules/.astro/content-${hash}/assets`,
    );
    expect(encodedImagesDir({ CONTENT_DIR: '/srv/content', ASTRO_CACHE_DIR: '/tmp/cache' }, ROOT)).toBe(
      '/tmp/cache/assets',
    );
  });
});

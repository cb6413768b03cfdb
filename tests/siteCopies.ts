/**
 * The folders a test site of its own starts from, shared by the integration and end-to-end suites:
 * a copy of the demo content, and a dist folder whose live build is a copy of the suite's (built
 * from that same content), so a site can publish without touching the project's own.
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { encodedImagesDir } from '../src/lib/node/astroCache.ts';
import { currentRelease, publishRelease, RELEASES } from '../src/server/releases/releases.ts';

/** The demo articles (unless `articles` is false) and talks, under `content`. */
export function copyDemoContent(content: string, { articles = true } = {}): void {
  if (articles) cpSync('src/content/articles', join(content, 'articles'), { recursive: true });
  cpSync('src/content/talks', join(content, 'talks'), { recursive: true });
}

/** Makes a copy of the suite's build the live one of `dist`; `before` may change it first. Returns its folder. */
export function distWithSuiteBuild(dist: string, before: (release: string) => void = () => {}): string {
  const first = join(dist, RELEASES, '0001-first');
  cpSync(currentRelease('dist'), first, { recursive: true });
  before(first);
  publishRelease(dist, first);
  return first;
}

/**
 * An Astro cache folder (for ASTRO_CACHE_DIR) that starts with the images the project's own builds
 * encoded, as a site that has published before has: a test site's first build then encodes only
 * what the test adds, instead of every demo image again (half a minute or more on two busy cores).
 */
export function astroCacheWithDemoImages(cache: string): string {
  const projectImages = encodedImagesDir({}, process.cwd());
  if (existsSync(projectImages)) cpSync(projectImages, join(cache, 'assets'), { recursive: true });
  return cache;
}

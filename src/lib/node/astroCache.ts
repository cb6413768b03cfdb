/**
 * Where Astro keeps what it made in earlier builds (the content store, encoded images): one
 * cache per content folder, as the store of one CONTENT_DIR refers to images of its own, and a
 * build from another folder that read it would fail on an image it cannot find. The checkout's
 * own folder keeps Astro's default, so `npm run build` and a publish from the console (which
 * names the folder) share one cache; before, the console's first publish encoded every image of
 * the site again (over a minute for the demo blog on two busy cores).
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/** The content folder of the checkout itself, CONTENT_DIR's default. */
export const CHECKOUT_CONTENT_DIR = 'src/content';
const ASTRO_DEFAULT_CACHE_DIR = 'node_modules/.astro';

type Env = Record<string, string | undefined>;

/** The `cacheDir` of astro.config.mjs, relative to the project, or undefined for Astro's default. */
export function astroCacheDir(env: Env, projectRoot: string): string | undefined {
  if (env.ASTRO_CACHE_DIR) return env.ASTRO_CACHE_DIR;
  if (!env.CONTENT_DIR) return undefined;
  const folder = resolve(projectRoot, env.CONTENT_DIR);
  if (folder === resolve(projectRoot, CHECKOUT_CONTENT_DIR)) return undefined;
  return `${ASTRO_DEFAULT_CACHE_DIR}/content-${createHash('sha256').update(folder).digest('hex').slice(0, 12)}`;
}

/**
 * Where Astro keeps the images it has encoded, each under its output file's name
 * (`<cacheDir>/assets/`, astro/dist/assets/build/generate.js): a build copies a file found there
 * instead of encoding it.
 */
export function encodedImagesDir(env: Env, projectRoot: string): string {
  return resolve(projectRoot, astroCacheDir(env, projectRoot) ?? ASTRO_DEFAULT_CACHE_DIR, 'assets');
}

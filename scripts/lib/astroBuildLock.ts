/**
 * One Astro build at a time per checkout. Astro writes the imports of a build's content images
 * (`content-assets.mjs`) into the checkout's `.astro/`, whatever CONTENT_DIR and cacheDir are: two
 * builds of different content at once (a console's publish beside `npm run build` of a copy, or
 * two test sites) read each other's, and one fails on an image it cannot find
 * ("`Image`'s … src parameter must be an imported image … Received `./covers/…`").
 * The lock is a folder beside it that proper-lockfile keeps fresh while the build runs; one left by
 * a build that was killed counts as free once it has gone a minute without being refreshed.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { PROJECT_ROOT } from '../../src/server/projectRoot.ts';

const DOT_ASTRO = join(PROJECT_ROOT, '.astro');

const options = {
  lockfilePath: join(DOT_ASTRO, 'build.lock'),
  // A build's busiest stretches hold its event loop for seconds: a minute keeps a live lock its own.
  stale: 60_000,
  onCompromised: (error: Error) => console.warn(`构建锁被其他构建接手了（${error.message}），本次构建照常进行`),
};

/** Waits for any other Astro build of this checkout to end; resolves to the function that lets the next one in. */
export async function oneAstroBuildAtATime(): Promise<() => Promise<void>> {
  mkdirSync(DOT_ASTRO, { recursive: true });
  try {
    return await lockfile.lock(DOT_ASTRO, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
  }
  console.log('这个目录里的另一个构建正在进行，等它结束……');
  return lockfile.lock(DOT_ASTRO, { ...options, retries: { forever: true, minTimeout: 250, maxTimeout: 2_000 } });
}

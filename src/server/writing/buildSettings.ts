/** How a build process is started; imported by `npm run build` before anything heavy, so it imports nothing. */

/**
 * A build fits beside the live server on a 1 GB machine (bench:build):
 * - V8 favours size over speed (a few per cent slower), keeps a small young generation and caps its heap;
 * - the bundler works on one thread, not one per core plus a pool: each of its threads keeps memory of its own;
 * - the allocators hand memory back: the bundler's mimalloc commits its arenas as used and returns
 *   freed pages at once; glibc keeps two arenas instead of one per thread, serves large blocks
 *   from their own mappings and returns free memory above 64 KB instead of keeping it for later.
 * `npm run build` starts itself again with these when run bare.
 */
export const BUILD_NODE_FLAGS = ['--max-old-space-size=384', '--max-semi-space-size=4', '--optimize-for-size'];
export const BUILD_ENV = {
  ROLLDOWN_WORKER_THREADS: '1',
  RAYON_NUM_THREADS: '1',
  TOKIO_WORKER_THREADS: '1',
  MIMALLOC_ARENA_EAGER_COMMIT: '0',
  MIMALLOC_PURGE_DELAY: '0',
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '65536',
  ASTRO_TELEMETRY_DISABLED: '1',
  // Astro's import.meta.env.DEV follows NODE_ENV: a server started with NODE_ENV=development (or under
  // a test runner's `test`) would otherwise make builds that publish drafts and private articles.
  NODE_ENV: 'production',
};
/**
 * The names of `import.meta.env`'s own values. Astro hands a build's code the environment's
 * variables through `import.meta.env` too, over Vite's own: a `DEV=1` in the environment (a test
 * runner sets it) would make the build list drafts and name pages for the dev server. A build
 * never takes them from the environment (scripts/build.ts).
 */
export const VITE_OWN_NAMES = ['DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL', 'SITE', 'ASSETS_PREFIX'];
/**
 * Set on a build a server runs (buildRunner.ts): the build ends when that server does. Its standard
 * input is the server's pipe, which closes when the server dies, even by kill -9: a dead builder's
 * build must not go live beside the one the next builder runs (builds.ts).
 */
export const BUILT_FOR_SERVER = 'BLOG_BUILD_FOR_SERVER';

/** Whether this process was started with BUILD_ENV (the allocators read it only at start). */
export const startedForBuild = () => process.env.MIMALLOC_ARENA_EAGER_COMMIT === BUILD_ENV.MIMALLOC_ARENA_EAGER_COMMIT;

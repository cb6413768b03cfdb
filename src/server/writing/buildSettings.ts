/** How a build process is started; imported by `npm run build` before anything heavy, so it imports nothing. */

/**
 * A build fits beside the live server on a 1 GB machine (bench:build): V8 keeps a small young
 * generation and a capped heap, and the allocators of the native parts hand memory back: the
 * bundler's mimalloc commits its arenas as used and returns freed pages at once, and glibc keeps
 * two arenas instead of one per thread. `npm run build` starts itself again with these when run bare.
 */
export const BUILD_NODE_FLAGS = ['--max-old-space-size=384', '--max-semi-space-size=8'];
export const BUILD_ENV = {
  MALLOC_ARENA_MAX: '2',
  MIMALLOC_ARENA_EAGER_COMMIT: '0',
  MIMALLOC_PURGE_DELAY: '0',
  ASTRO_TELEMETRY_DISABLED: '1',
};
/** Whether this process was started with BUILD_ENV (the allocators read it only at start). */
export const startedForBuild = () => process.env.MIMALLOC_ARENA_EAGER_COMMIT === BUILD_ENV.MIMALLOC_ARENA_EAGER_COMMIT;

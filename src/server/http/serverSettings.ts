/**
 * How the production server's process is started; imported by main.ts before anything else, so it
 * imports next to nothing.
 *
 * Left to itself, V8 sizes its heap from the machine's memory: on a 24 GB machine each half of the
 * young generation grows to 64 MB and the old generation may grow fourfold between collections, so
 * a server holding 25 MB of live objects sat at 340 MB after start and 430 MB after a burst of
 * requests (bench:burst; 215 and 240 MB on a 1 GB machine). It must leave room for a build beside it:
 * - V8 keeps a young generation of 4 MB a half (1 MB halves static throughput) and caps its old
 *   generation at 512 MB, which is what it picks on a 1 GB machine by itself;
 * - `gc` is exposed, so that the server shrinks its heap once it goes quiet after a burst
 *   (idleMemory.ts) instead of some 100 s later;
 * - glibc keeps two arenas instead of one per thread, and serves blocks from 128 KB up from their
 *   own mappings, handing them back when freed, instead of raising that bound as it goes;
 * - Node keeps what it compiled, the server's modules stripped of their types included, in a
 *   compile cache that `npm run build` fills: the server then starts without loading Node's type
 *   stripper, which would hold some 20 MB for as long as the process lives. Its threads read the
 *   variable too: without it, the group commit's thread loaded the stripper for itself (4 MB more
 *   heap, 11 MB more at its peak outside it).
 * `node src/server/http/main.ts` starts itself again with these when run bare (see below).
 */
import { join } from 'node:path';
import { PROJECT_ROOT } from '../projectRoot.ts';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=512', '--expose-gc'];

/** Inside node_modules, like Astro's own cache: kept between builds, never in the repository. */
export const COMPILE_CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'server-compile-cache');

export const SERVER_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
  NODE_COMPILE_CACHE: COMPILE_CACHE_DIR,
};

/** With this set, the server loads its modules and stops before running any (see loadOnly.ts). */
export const LOAD_ONLY = 'SERVER_LOAD_ONLY';

/** `--max_old_space_size=1` and `--max-old-space-size 1` name the same flag. */
const flagName = (arg: string) => arg.split('=')[0].replace(/_/g, '-');

/** The settings' flags this process lacks; a flag the owner gave (on the command line or in NODE_OPTIONS) is theirs to keep. */
export function missingFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].filter((arg) => arg.startsWith('--')).map(flagName));
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(flagName(flag)));
}

/**
 * Replaces this process with one running `entry` with the settings: the same process id and
 * standard streams, the same Node options and arguments after the entry, and the same environment
 * plus the settings' variables (the owner's own values win), so whatever started the server (npm
 * start, a service manager, a test) still holds it. V8 sizes its heap, and glibc and Node read
 * these variables, only when a process starts, so there is no other way in.
 * Returns, and the server runs as it was started, when:
 * - the settings are there already (the owner's own values count);
 * - the process has an IPC channel to its starter (`node --watch`, pm2), which a new program
 *   would lose: only standard streams survive the replacement;
 * - this Node cannot replace a process (Windows, Node before 22.15, a worker, `--permission`
 *   without `--allow-child-process`).
 */
export function restartWithSettings(entry: string): void {
  const missing = missingFlags(process.execArgv, process.env.NODE_OPTIONS);
  const unset = Object.keys(SERVER_ENV).filter((name) => process.env[name] === undefined);
  if ((!missing.length && !unset.length) || process.channel || typeof process.execve !== 'function') return;
  try {
    process.execve(
      process.execPath,
      [process.execPath, ...missing, ...process.execArgv, entry, ...process.argv.slice(2)],
      { ...SERVER_ENV, ...process.env },
    );
  } catch (error) {
    console.warn(`未能带着内存设置重新启动（${(error as Error).message}），服务器按原样运行`);
  }
}

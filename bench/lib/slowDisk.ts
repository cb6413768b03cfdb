/**
 * `BENCH_FSYNC_MS` (or `ms`): the server's disk syncs take that many milliseconds more (slowSync.c,
 * built with the system's C compiler), as on a cloud server's network disk. The environment to start
 * the server with, and a line saying so; nothing when unset. Tests use it to make a write's cost seen.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function slowDisk(
  work: string,
  ms = Number(process.env.BENCH_FSYNC_MS || 0),
): { env: Record<string, string>; label: string } {
  if (!ms) return { env: {}, label: '' };
  const library = join(work, 'slowSync.so');
  const built = spawnSync(
    'cc',
    ['-shared', '-fPIC', '-O2', '-o', library, join(import.meta.dirname, 'slowSync.c'), '-ldl'],
    { stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('BENCH_FSYNC_MS 需要系统的 C 编译器（cc）来编译 bench/lib/slowSync.c');
  return {
    env: { LD_PRELOAD: library, SLOW_FSYNC_US: String(Math.round(ms * 1000)) },
    label: `，服务器的磁盘每次同步多等 ${ms} ms`,
  };
}

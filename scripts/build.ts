/**
 * `npm run build`: builds the site into a new release and makes it live (scripts/lib/buildRelease.ts).
 * The build runs in a process started with the memory settings of buildSettings.ts, which the
 * allocators read only at start: run bare, this starts itself again with them, having loaded nothing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BUILD_ENV, BUILD_NODE_FLAGS, startedForBuild } from '../src/server/writing/buildSettings.ts';

if (startedForBuild()) {
  await import('./lib/buildRelease.ts');
} else {
  const again = spawnSync(process.execPath, [...BUILD_NODE_FLAGS, fileURLToPath(import.meta.url)], { stdio: 'inherit', env: { ...process.env, ...BUILD_ENV } });
  process.exit(again.status ?? 1);
}

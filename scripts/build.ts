/**
 * `npm run build`: builds the site into a new release and makes it live (scripts/lib/buildRelease.ts).
 * The build runs in a process started with the memory settings of buildSettings.ts, which the
 * allocators read only at start: run bare, this starts itself again with them, having loaded nothing.
 * Run bare, it then has the server load its modules once, so that Node's compile cache holds them
 * stripped of their types and the server starts without the type stripper (serverSettings.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LOAD_ONLY } from '../src/server/http/serverSettings.ts';
import {
  BUILD_ENV,
  BUILD_NODE_FLAGS,
  BUILT_FOR_SERVER,
  startedForBuild,
  VITE_OWN_NAMES,
} from '../src/server/writing/buildSettings.ts';

for (const name of VITE_OWN_NAMES) delete process.env[name];

// A server's build ends with the server (buildSettings.ts): its pipe on standard input closes then.
if (process.env[BUILT_FOR_SERVER] === '1') {
  process.stdin.once('end', () => process.exit(1)).resume();
  process.stdin.unref();
}

if (startedForBuild()) {
  await import('./lib/buildRelease.ts');
} else {
  const again = spawnSync(process.execPath, [...BUILD_NODE_FLAGS, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, ...BUILD_ENV },
  });
  // Only an optimisation: a server started without it strips its modules' types itself.
  if (again.status === 0) {
    const server = fileURLToPath(new URL('../src/server/http/main.ts', import.meta.url));
    const filled = spawnSync(process.execPath, [server], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, [LOAD_ONLY]: '1' },
      timeout: 120_000,
    });
    if (filled.status !== 0)
      console.warn(
        `服务器模块的编译缓存没有填好（不影响运行，启动时会多占一些内存）：${filled.error?.message ?? filled.stderr.toString().trim().split('\n').pop()}`,
      );
  }
  process.exit(again.status ?? 1);
}

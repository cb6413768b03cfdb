/** `npm start`: builds when the build (`DIST_DIR`, dist/ by default) is missing or older than the sources, then serves it. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUILD_STAMP } from '../src/server/releases/releases.ts';
import { PROJECT_ROOT } from '../src/server/projectRoot.ts';
import { DIST_DIR } from './lib/dist.ts';

const STAMP = join(DIST_DIR, BUILD_STAMP);
// The owner's articles and talks count too when they live outside the checkout (CONTENT_DIR).
const SOURCES = [
  'src',
  'public',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  ...(process.env.CONTENT_DIR ? [resolve(PROJECT_ROOT, process.env.CONTENT_DIR)] : []),
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stats.mtimeMs);
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map(newestMtime));
if (changedAt > builtAt) {
  console.log(builtAt ? '源文件有更新，正在重新构建…' : '首次启动，正在构建站点…');
  const build = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../src/server/http/main.ts');

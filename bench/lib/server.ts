/** Shared by the benchmarks: a fresh build served by the production server on a free port. */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { CHROMIUM_FLAGS as BASE_FLAGS } from '../../tests/chromium.ts';
import { freePort } from '../../scripts/lib/freePort.ts';

export { CHROMIUM } from '../../tests/chromium.ts';
export const CHROMIUM_FLAGS = ['--headless=new', ...BASE_FLAGS];

/** The project's build, unless the benchmark was run with `--no-build`. */
export function build(): void {
  if (process.argv.includes('--no-build')) return;
  buildSite();
}

/** A build with `env` (a site's own CONTENT_DIR, DIST_DIR, ASTRO_CACHE_DIR): always, as that site has no other. */
export function buildSite(env: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, ['scripts/build.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('构建失败');
}

/** What a server on a site of its own keeps in `work`: its database, uploads, music and license keys. */
export const dataIn = (work: string): Record<string, string> => ({
  DATABASE_URL: `file:${join(work, 'blog.db')}`,
  UPLOAD_DIR: join(work, 'uploads'),
  MUSIC_DIR: join(work, 'music'),
  LICENSE_KEY_DIR: work,
});

export async function serve(
  env: Record<string, string> = {},
): Promise<{ origin: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/http/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('博客已启动') && resolve());
    child.once('exit', () => reject(new Error('服务器未能启动')));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    /** Resolves once the server has ended. */
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The pages every benchmark reports on. */
export const PAGES = [
  { name: '首页 /home', path: '/home' },
  { name: '文章 /article/1', path: '/article/1' },
  { name: '时间轴 /archives', path: '/archives' },
];

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

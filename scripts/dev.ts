/**
 * `npm run dev`: Astro's dev server with hot reload for pages, and the API from the production
 * server beside it (on PORT + 1), reached through a proxy. The API serves the articles of the
 * last build; run `npm run build` after adding posts to see them in API answers.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const port = Number(process.env.PORT || 4321);
const apiPort = port + 1;

if (!existsSync('dist/server/content/index.json')) {
  console.log('首次开发：先构建一次站点，供接口读取文章数据…');
  const build = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const api = spawn(process.execPath, ['--watch-path=src/server', 'src/server/http/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(apiPort) },
});
const astro = spawn('npx', ['--no-install', 'astro', 'dev', '--port', String(port)], {
  stdio: 'inherit',
  env: { ...process.env, API_PROXY: `http://127.0.0.1:${apiPort}`, ASTRO_TELEMETRY_DISABLED: '1' },
});

const stop = () => {
  api.kill('SIGTERM');
  astro.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
astro.on('exit', (code) => {
  api.kill('SIGTERM');
  process.exit(code ?? 0);
});

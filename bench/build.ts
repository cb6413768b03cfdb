/**
 * `npm run bench:build`: what publishing costs, for the demo blog (34 articles) and a generated one
 * of 1,000. For each: a full build's wall time and the peak memory of its process tree, then the
 * time from saving a one-article text change in the console (更新) to the new text being served
 * (a quick release), the time until the full build that follows is live too, and that build's peak. Builds run as the console runs them (src/server/writing/buildRunner.ts), with the
 * image cache of earlier builds (and, for the demo blog, once with an empty one), in a temp folder
 * outside the project.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_ENV, BUILD_NODE_FLAGS } from '../src/server/writing/buildSettings.ts';
import { writeSyntheticMarkdown } from './lib/blog.ts';
import { serve } from './lib/server.ts';
import { watchPeak } from './lib/treeMemory.ts';

const GOALS = { liveSeconds: { 34: 3, 1000: 5 } as Record<number, number>, peakMb: 512 };
const mb = (bytes: number) => Math.round(bytes / 1048576);

function fullBuild(env: Record<string, string>): Promise<{ seconds: number; peak: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [...BUILD_NODE_FLAGS, 'scripts/build.ts'], { env: { ...process.env, ...BUILD_ENV, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    const peak = watchPeak(child.pid!);
    child.on('close', (code) => (code === 0 ? resolve({ seconds: (Date.now() - started) / 1000, peak: peak.stop() }) : reject(new Error(`构建失败（${code}）`))));
  });
}

async function call(origin: string, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; result: any };
}

async function scenario(name: string, articles: number, fill: (dir: string) => void, { coldImages = false } = {}): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), 'blog-bench-build-'));
  const content = join(work, 'content');
  fill(content);
  const env = { CONTENT_DIR: content, DIST_DIR: join(work, 'dist') };
  const lines: string[] = [`${name}（${articles} 篇）`];
  try {
    if (coldImages) {
      // An empty image cache: every image is encoded, as on an owner's first build.
      const cold = await fullBuild({ CONTENT_DIR: content, DIST_DIR: join(work, 'cold-dist'), ASTRO_CACHE_DIR: join(work, 'cache') });
      lines.push(`  首次构建（编码全部图片）：${cold.seconds.toFixed(1)} 秒，进程树内存峰值 ${mb(cold.peak)} MB（目标 ≤ ${GOALS.peakMb} MB）`);
    }
    const full = await fullBuild(env);
    const server = await serve({ ...env, DATABASE_URL: `file:${join(work, 'blog.db')}`, UPLOAD_DIR: join(work, 'uploads'), MUSIC_DIR: join(work, 'music'), LICENSE_KEY_DIR: work, ADMIN_USERNAME: 'benchowner', ADMIN_PASSWORD: 'bench-password-1' });
    try {
      const { result: login } = await call(server.origin, 'POST', '/user/login', null, { username: 'benchowner', password: 'bench-password-1' });
      const article = (await call(server.origin, 'GET', '/admin/writing/articles/1', login.token)).result;
      const title = `改过的标题 ${Date.now()}`;
      const publishState = async () => (await call(server.origin, 'GET', '/admin/writing/publish', login.token)).result;
      const peak = watchPeak(server.pid, false);
      const saved = Date.now();
      const answer = await call(server.origin, 'PUT', '/admin/writing/articles/1', login.token, { ...article, title, publish: true, base_revision: article.revision });
      if (answer.code !== 0) throw new Error(answer.message);
      while (!(await (await fetch(`${server.origin}/article/1`)).text()).includes(title)) {
        const state = await publishState();
        if (state.state === 'failed') throw new Error(state.error.message);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const live = (Date.now() - saved) / 1000;
      for (let state = await publishState(); state.state !== 'live' || state.builds === 0; state = await publishState()) {
        if (state.state === 'failed') throw new Error(state.error.message);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const followed = (Date.now() - saved) / 1000;
      const publishPeak = peak.stop();
      return [
        ...lines,
        `  完整构建（图片已编码）：${full.seconds.toFixed(1)} 秒，进程树内存峰值 ${mb(full.peak)} MB（目标 ≤ ${GOALS.peakMb} MB）`,
        `  后台改一篇文章的文字点「更新」到新文字上线：${live.toFixed(1)} 秒（目标 ≤ ${GOALS.liveSeconds[articles]} 秒）`,
        `  随后的完整构建（列表、标签页等）上线：${followed.toFixed(1)} 秒，进程树内存峰值 ${mb(publishPeak)} MB（目标 ≤ ${GOALS.peakMb} MB）`,
      ];
    } finally {
      server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const lines = [
  ...(await scenario(
    '示例博客',
    34,
    (dir) => {
      cpSync('src/content/articles', join(dir, 'articles'), { recursive: true });
      cpSync('src/content/talks', join(dir, 'talks'), { recursive: true });
    },
    { coldImages: true },
  )),
  ...(await scenario('生成的博客', 1000, (dir) => writeSyntheticMarkdown(dir, 1000))),
];
console.log(`\n${lines.join('\n')}`);

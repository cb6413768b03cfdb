/**
 * `npm run bench:build`: what publishing costs, for the demo blog (34 articles) and a generated one
 * of 1,000. For each: a full build's wall time and the peak memory of its process tree, then the
 * time from saving a one-article text change in the console (更新) to the new text being served
 * (a quick release), the time until the full build that follows is live too, and that build's peak.
 * For the demo blog also the first publish of a new 12-megapixel phone photo: uploaded as the
 * editor's 上传图片 sends it, put in a live article's body and 更新 pressed at once, until the page
 * serves it. Builds run as the console runs them (src/server/writing/buildRunner.ts), in a temp
 * folder outside the project, with an image cache of its own: for the demo blog first empty (an
 * owner's first build), then as that build left it; for the generated one, the project's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResult } from '../src/contract/users.ts';
import type { PublishState, UploadedContentImage, WritingArticle } from '../src/contract/writing.ts';
import { BUILD_ENV, BUILD_NODE_FLAGS } from '../src/server/writing/buildSettings.ts';
import { makePhoto } from '../tests/fixtures/photos.ts';
import { astroCacheWithDemoImages, copyDemoContent } from '../tests/siteCopies.ts';
import { writeSyntheticMarkdown } from './lib/blog.ts';
import { dataIn, serve } from './lib/server.ts';
import { watchPeak } from './lib/treeMemory.ts';

const GOALS = { liveSeconds: { 34: 3, 1000: 5 } as Record<number, number>, photoSeconds: 10, peakMb: 512 };
const mb = (bytes: number) => Math.round(bytes / 1048576);

function fullBuild(env: Record<string, string>): Promise<{ seconds: number; peak: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [...BUILD_NODE_FLAGS, 'scripts/build.ts'], {
      env: { ...process.env, ...BUILD_ENV, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const peak = watchPeak(child.pid!);
    child.on('close', (code) =>
      code === 0
        ? resolve({ seconds: (Date.now() - started) / 1000, peak: peak.stop() })
        : reject(new Error(`构建失败（${code}）`)),
    );
  });
}

type Answer<T> = { code: number; message: string; result: T };

async function call<T>(
  origin: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Answer<T>;
}

/** The console's calls for one logged-in owner. */
function ownerConsole(origin: string, token: string) {
  const publishState = async () => (await call<PublishState>(origin, 'GET', '/admin/writing/publish', token)).result;
  return {
    article: async (id: number) =>
      (await call<WritingArticle>(origin, 'GET', `/admin/writing/articles/${id}`, token)).result,
    /** Saves with 更新 and waits until `/article/<id>` has `shown`: the seconds from the click. */
    async update(
      article: { id: number; revision: string },
      changes: Record<string, unknown>,
      shown: string,
    ): Promise<number> {
      const saved = Date.now();
      const answer = await call<WritingArticle>(origin, 'PUT', `/admin/writing/articles/${article.id}`, token, {
        ...article,
        ...changes,
        publish: true,
        base_revision: article.revision,
      });
      if (answer.code !== 0) throw new Error(answer.message);
      while (!(await (await fetch(`${origin}/article/${article.id}`)).text()).includes(shown)) {
        const state = await publishState();
        if (state.state === 'failed') throw new Error(state.error?.message);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return (Date.now() - saved) / 1000;
    },
    /** Waits for the full build after the first `builds` to be live; its number. */
    async builtAfter(builds: number): Promise<number> {
      for (let state = await publishState(); ; state = await publishState()) {
        if (state.state === 'failed') throw new Error(state.error?.message);
        if (state.state === 'live' && state.builds > builds) return state.builds;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async builds(): Promise<number> {
      return (await publishState()).builds;
    },
    /** A photo as the editor sends it: redrawn at 2560 px on the long side (the server keeps it at that). */
    async upload(photo: Buffer): Promise<string> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
      const res = await fetch(`${origin}/api/admin/writing/images?use=images`, {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
      });
      const answer = (await res.json()) as Answer<UploadedContentImage>;
      if (answer.code !== 0) throw new Error(answer.message);
      return answer.result.path;
    },
  };
}

async function scenario(
  name: string,
  articles: number,
  fill: (dir: string) => void,
  { coldImages = false } = {},
): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), 'blog-bench-build-'));
  const content = join(work, 'content');
  fill(content);
  const cache = join(work, 'cache');
  if (!coldImages) astroCacheWithDemoImages(cache);
  const env = { CONTENT_DIR: content, DIST_DIR: join(work, 'dist'), ASTRO_CACHE_DIR: cache };
  const lines: string[] = [`${name}（${articles} 篇）`];
  try {
    if (coldImages) {
      // An empty image cache: every image is encoded, as on an owner's first build.
      const cold = await fullBuild({ ...env, DIST_DIR: join(work, 'cold-dist') });
      lines.push(
        `  首次构建（编码全部图片）：${cold.seconds.toFixed(1)} 秒，进程树内存峰值 ${mb(cold.peak)} MB（目标 ≤ ${GOALS.peakMb} MB）`,
      );
    }
    const full = await fullBuild(env);
    lines.push(
      `  完整构建（图片已编码）：${full.seconds.toFixed(1)} 秒，进程树内存峰值 ${mb(full.peak)} MB（目标 ≤ ${GOALS.peakMb} MB）`,
    );
    const server = await serve({
      ...env,
      ...dataIn(work),
      ADMIN_USERNAME: 'benchowner',
      ADMIN_PASSWORD: 'bench-password-1',
    });
    try {
      const { result: login } = await call<LoginResult>(server.origin, 'POST', '/user/login', null, {
        username: 'benchowner',
        password: 'bench-password-1',
      });
      const owner = ownerConsole(server.origin, login.token);
      const peak = watchPeak(server.pid, false);
      const title = `改过的标题 ${Date.now()}`;
      const live = await owner.update(await owner.article(1), { title }, title);
      const saved = Date.now();
      const builds = await owner.builtAfter(0);
      const followed = live + (Date.now() - saved) / 1000;
      lines.push(
        `  后台改一篇文章的文字点「更新」到新文字上线：${live.toFixed(1)} 秒（目标 ≤ ${GOALS.liveSeconds[articles]} 秒）`,
        `  随后的完整构建（列表、标签页等）上线：${followed.toFixed(1)} 秒，进程树内存峰值 ${mb(peak.stop())} MB（目标 ≤ ${GOALS.peakMb} MB）`,
      );
      if (coldImages) {
        const photo = await makePhoto({ width: 1920, height: 2560 });
        const path = await owner.upload(photo);
        const article = await owner.article(2);
        const seconds = await owner.update(
          article,
          { body: `${article.body}\n\n![新拍的照片](${path})\n` },
          'alt="新拍的照片"',
        );
        lines.push(
          `  新的 12 MP 手机照片（编辑器缩到 2560 px 后上传）放进一篇已上线的文章，上传完立刻点「更新」到页面带图上线：${seconds.toFixed(1)} 秒（目标 ≤ ${GOALS.photoSeconds} 秒）`,
        );
        await owner.builtAfter(builds);
      }
      return lines;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const lines = [
  ...(await scenario('示例博客', 34, (dir) => copyDemoContent(dir), { coldImages: true })),
  ...(await scenario('生成的博客', 1000, (dir) => writeSyntheticMarkdown(dir, 1000))),
];
console.log(`\n${lines.join('\n')}`);

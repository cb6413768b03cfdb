/**
 * The build itself, run by scripts/build.ts in a process started for it: the Astro build into a new folder beside the live one, then what the
 * Content-Security-Policy must allow, then brotli and gzip variants of every text file; only then
 * is the new build made live, in one step, and a running server picks it up (README, 发布).
 * `DIST_DIR` builds somewhere other than `dist/` (the server reads the same variable).
 */
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import os from 'node:os';
import sharp from 'sharp';
import { DIST_DIR } from './dist.ts';
import { moveContentExport } from '../../src/server/http/liveBuild.ts';
import {
  CURRENT,
  currentRelease,
  linkProjectPackages,
  newReleaseDir,
  publishRelease,
} from '../../src/server/releases/releases.ts';
import { site } from '../../src/site.config.ts';
import { PROJECT_ROOT } from '../../src/server/projectRoot.ts';
import { forgetBuildProblem, problemOfBuildError, writeBuildProblem } from '../../src/lib/node/buildProblem.ts';
import { CHECKOUT_CONTENT_DIR } from '../../src/lib/node/astroCache.ts';
import { oneAstroBuildAtATime } from './astroBuildLock.ts';
import { writeCspSources } from './cspSources.ts';
import { precompress } from './precompress.ts';

// Prerendering imports the built server from the release folder, so its packages must resolve there.
linkProjectPackages(DIST_DIR);
const release = newReleaseDir(DIST_DIR);
const failed = (message: string, status = 1): never => {
  rmSync(release, { recursive: true, force: true });
  console.error(message);
  process.exit(status);
};

// What the build before failed on no longer holds.
forgetBuildProblem(DIST_DIR);
const started = Date.now();
const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} 秒`;

// Astro encodes images with sharp in this process, as many at a time as the machine has cores: one
// here, each with one libvips thread and no operation cache, so a first build that encodes every
// image stays small (bench:build). Astro has no setting for this; it reads availableParallelism.
sharp.cache(false);
sharp.concurrency(1);
os.availableParallelism = () => 1;

// Astro runs in this process: one process for the whole build keeps its peak memory down (bench:build).
process.env.ASTRO_OUT_DIR = release;
const unlock = await oneAstroBuildAtATime();
try {
  const { build } = await import('astro');
  await build({ root: PROJECT_ROOT });
} catch (error) {
  const { name, message, hint, loc } = error as Error & { hint?: string; loc?: { file?: string } };
  console.error(
    `[${name}] ${message}${hint ? `\n  Hint: ${hint}` : ''}${loc?.file ? `\n  Location:\n    ${loc.file}` : ''}`,
  );
  // For the console: the file, the field and the message, from the error and the content schema.
  const contentDir = resolve(PROJECT_ROOT, process.env.CONTENT_DIR || CHECKOUT_CONTENT_DIR);
  writeBuildProblem(DIST_DIR, await problemOfBuildError(error, { contentDir, projectRoot: PROJECT_ROOT }));
  failed('构建失败：请根据上面的提示修改内容或代码后重试。正在运行的站点不受影响。');
}

await unlock();

// The API's article export is for the server only: move it out of the public folder.
moveContentExport(release);
console.log(`Astro 构建用时 ${seconds(started)}`);

let step = Date.now();
const csp = await writeCspSources(release, process.env.SITE_URL || site.url);
console.log(
  `内容安全策略：${csp.pages} 个页面，${csp.scriptHashes.length} 个内联脚本哈希，${csp.imageOrigins.length} 个外部图片来源（${seconds(step)}）`,
);
step = Date.now();

// Files the live build already has, byte for byte, keep its compressed copies.
const live = existsSync(join(DIST_DIR, CURRENT)) ? join(currentRelease(DIST_DIR), 'client') : null;
const { files, reused, rawBytes, brotliBytes } = await precompress(join(release, 'client'), live);
console.log(
  `预压缩 ${files} 个文件（${reused} 个与上一版相同，沿用）：${(rawBytes / 1024).toFixed(0)} KB → brotli ${(brotliBytes / 1024).toFixed(0)} KB（${seconds(step)}）`,
);

publishRelease(DIST_DIR, release);
console.log(`已发布新的构建：${release}（正在运行的服务器会在几秒内切换过去）`);

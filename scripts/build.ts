/**
 * `npm run build`: the Astro build, then what the Content-Security-Policy must allow, then brotli
 * and gzip variants of every text file, then a stamp.
 * `DIST_DIR` builds somewhere other than `dist/` (the server reads the same variable).
 */
import { spawnSync } from 'node:child_process';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR } from './lib/dist.ts';
import { CONTENT_DIR_NAME } from '../src/lib/contentIndex.ts';
import { site } from '../src/site.config.ts';
import { writeCspSources } from './lib/cspSources.ts';
import { precompress } from './lib/precompress.ts';

const astro = spawnSync('npx', ['--no-install', 'astro', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
});
if (astro.status !== 0) {
  console.error('构建失败：请根据上面的提示修改内容或代码后重试。');
  process.exit(astro.status ?? 1);
}

// The API's article export is for the server only: move it out of the public folder.
const contentTarget = join(DIST_DIR, 'server', 'content');
rmSync(contentTarget, { recursive: true, force: true });
renameSync(join(DIST_DIR, 'client', CONTENT_DIR_NAME), contentTarget);

const csp = await writeCspSources(DIST_DIR, process.env.SITE_URL || site.url);
console.log(`内容安全策略：${csp.pages} 个页面，${csp.scriptHashes.length} 个内联脚本哈希，${csp.imageOrigins.length} 个外部图片来源`);

const { files, rawBytes, brotliBytes } = await precompress(join(DIST_DIR, 'client'));
console.log(`预压缩 ${files} 个文件：${(rawBytes / 1024).toFixed(0)} KB → brotli ${(brotliBytes / 1024).toFixed(0)} KB`);
writeFileSync(join(DIST_DIR, '.build-stamp'), new Date().toISOString());

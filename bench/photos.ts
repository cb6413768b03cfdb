/**
 * `npm run bench:photos`: what a phone photo costs, from the editor's 上传图片 to the build.
 * - Upload: a 12-megapixel, ~8 MB photo through the editor in Chromium (redrawn at 2560 px before
 *   it is sent), on the machine and on a 4 Mbit/s upload line; the same file sent as it is (what a
 *   browser that cannot redraw it sends), with the server's memory while it shrinks it.
 * - Build: the demo blog with one new photo in an article and one as its cover, every other image
 *   already encoded: the photos stored as taken (as a file put there by hand), stored as the server
 *   keeps them (2560 px, the background encoding not done yet), and after the background encoding.
 * Each case in a temp folder with an image cache of its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { uprightImage } from '../src/server/writing/uprightImage.ts';
import { makePhoto } from '../tests/fixtures/photos.ts';
import { astroCacheWithDemoImages, copyDemoContent, distWithSuiteBuild } from '../tests/siteCopies.ts';
import { CHROMIUM, CHROMIUM_FLAGS, dataIn, serve } from './lib/server.ts';
import { treeRss } from './lib/treeMemory.ts';

const OWNER = { username: 'benchowner', password: 'bench-password-1' };
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function site(): { work: string; env: Record<string, string> } {
  const work = mkdtempSync(join(tmpdir(), 'blog-bench-photos-'));
  const content = join(work, 'content');
  copyDemoContent(content);
  // The project's build stands in for the live one, for the server to start on.
  const dist = join(work, 'dist');
  distWithSuiteBuild(dist);
  return {
    work,
    env: { CONTENT_DIR: content, DIST_DIR: dist, ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(work, 'cache')) },
  };
}

/** The build's wall time, and the time its lines say each image of `names` took. */
function build(
  env: Record<string, string>,
  names: string[],
): Promise<{ ms: number; photoMs: number; encoded: number; reused: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['scripts/build.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`构建失败：${output.slice(-2000)}`));
      const lines = output
        .split('\n')
        .filter((line) => line.includes('▶') && names.some((name) => line.includes(`/_astro/${name}.`)));
      const photoMs = lines.reduce((sum, line) => {
        const [, value, unit] = /\(\+([\d.]+)(ms|s)\)/.exec(line) ?? [, '0', 'ms'];
        return sum + Number(value) * (unit === 's' ? 1000 : 1);
      }, 0);
      resolve({
        ms: Date.now() - started,
        photoMs,
        encoded: lines.filter((l) => l.includes('before:')).length,
        reused: lines.filter((l) => l.includes('reused cache entry')).length,
      });
    });
  });
}

/** Article 10 with the photos: one as its cover, one at the top of its body. */
function withPhotos(articles: string, cover: string, body: string): void {
  const file = join(articles, '0010-weekend-hiking.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('\n---\n', `\ncover: ${cover}\n---\n\n![新照片](${body})\n`));
}

async function login(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { ...XHR, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...OWNER, cookie: true }),
  });
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The server process's own resident memory (the background encoder it starts is a child, left out). */
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

async function uploadRaw(origin: string, cookie: string, bytes: Buffer, use: 'images' | 'covers', pid: number) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 5);
  const started = performance.now();
  const res = await fetch(`${origin}/api/admin/writing/images?use=${use}`, {
    method: 'POST',
    body: form,
    headers: { ...XHR, Cookie: cookie },
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  const body = await res.json();
  if (res.status !== 200) throw new Error(body.message);
  return { path: body.result.path as string, ms, before, peak };
}

/** 上传图片 in the editor, as the owner: from the file chosen to its Markdown in the body. */
async function uploadInBrowser(
  origin: string,
  cookie: string,
  photo: Buffer,
  uploadBytesPerSecond: number,
  articles: string,
) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 375, height: 740 } });
    await context.addCookies(
      cookie
        .split('; ')
        .map((pair) => ({ name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1), url: origin })),
    );
    const page = await context.newPage();
    await page.goto('/admin/articles/edit');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: -1,
      uploadThroughput: uploadBytesPerSecond,
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '上传图片' }).click();
    const started = performance.now();
    await (await chooser).setFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
    const body = page.getByRole('textbox', { name: '正文' }).filter({ hasText: './images/' });
    await body.waitFor({ timeout: 300_000 });
    const ms = performance.now() - started;
    // The redrawn photo is stored as it came (small, upright and bare): its size is what was sent.
    const sent = statSync(join(articles, /\.\/(images\/[a-f0-9]{20}\.\w+)/.exec((await body.textContent())!)![1])).size;
    // The same file sent as it is, on the same line.
    const rawStarted = performance.now();
    await page.evaluate(async (base64) => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }),
        'IMG_0001.jpg',
      );
      await fetch('/api/admin/writing/images?use=images', {
        method: 'POST',
        body: form,
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
    }, photo.toString('base64'));
    return { ms, sent, rawMs: performance.now() - rawStarted };
  } finally {
    await browser.close();
  }
}

const lines: string[] = [];
const photo = await makePhoto();
const coverPhoto = await makePhoto({ noise: 40 });

{
  const { work, env } = site();
  const server = await serve({
    ...env,
    ...dataIn(work),
    AUTO_PUBLISH: 'off',
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
  });
  try {
    const cookie = await login(server.origin);
    const raw = await uploadRaw(server.origin, cookie, photo, 'images', server.pid);
    lines.push(
      `原样上传 ${mb(photo.length)} MB 的照片（本机回环）：${seconds(raw.ms)} 秒；服务器进程常驻内存 ${mb(raw.before)} MB，缩小时峰值 ${mb(raw.peak)} MB（+${mb(raw.peak - raw.before)} MB）`,
    );
    for (const [name, rate] of [
      ['本机', -1],
      ['4 Mbit/s 上行', 500_000],
    ] as const) {
      const up = await uploadInBrowser(server.origin, cookie, photo, rate, join(env.CONTENT_DIR, 'articles'));
      lines.push(
        `编辑器「上传图片」（${name}）：选好文件到正文出现图片 ${seconds(up.ms)} 秒，发送 ${mb(up.sent)} MB；同一文件不缩小直接发送 ${seconds(up.rawMs)} 秒`,
      );
    }
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

for (const mode of ['as-taken', 'shrunk', 'encoded'] as const) {
  const { work, env } = site();
  try {
    const articles = join(env.CONTENT_DIR, 'articles');
    let names: string[];
    if (mode === 'encoded') {
      const server = await serve({
        ...env,
        ...dataIn(work),
        AUTO_PUBLISH: 'off',
        ADMIN_USERNAME: OWNER.username,
        ADMIN_PASSWORD: OWNER.password,
      });
      const cookie = await login(server.origin);
      const body = await uploadRaw(server.origin, cookie, photo, 'images', server.pid);
      const cover = await uploadRaw(server.origin, cookie, coverPhoto, 'covers', server.pid);
      names = [body.path, cover.path].map((path) => /([a-f0-9]{20})\.jpg$/.exec(path)![1]);
      // The background encoding is done when each photo's every image is in the cache (17 in all).
      const cache = join(env.ASTRO_CACHE_DIR, 'assets');
      const started = Date.now();
      let workerPeak = 0;
      while (
        readdirSync(cache).filter((file) => names.some((name) => file.startsWith(name)) && !file.endsWith('.tmp'))
          .length < 17
      ) {
        workerPeak = Math.max(workerPeak, treeRss(server.pid, false));
        await new Promise((r) => setTimeout(r, 100));
      }
      lines.push(
        `后台预先编码两张照片（正文一张、封面一张）：上传后约 ${seconds(Date.now() - started)} 秒完成，编码进程的内存峰值约 ${mb(workerPeak)} MB`,
      );
      await server.stop();
      withPhotos(articles, cover.path, body.path);
    } else {
      names = ['photo-body', 'photo-cover'];
      const store = async (bytes: Buffer) => (mode === 'shrunk' ? await uprightImage(bytes, 'jpg') : bytes);
      writeFileSync(join(articles, 'images', 'photo-body.jpg'), await store(photo));
      writeFileSync(join(articles, 'covers', 'photo-cover.jpg'), await store(coverPhoto));
      withPhotos(articles, './covers/photo-cover.jpg', './images/photo-body.jpg');
    }
    const result = await build(env, names);
    const label = {
      'as-taken': '照片按原样存放（12 MP）',
      shrunk: '照片按服务器存的 2560 px，未预先编码',
      encoded: '上传后等后台编码完成',
    }[mode];
    lines.push(
      `构建（${label}）：${seconds(result.ms)} 秒，其中为这两张照片编码 ${result.encoded} 个、沿用缓存 ${result.reused} 个，编码用时 ${seconds(result.photoMs)} 秒`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
console.log(`\n${lines.join('\n')}`);

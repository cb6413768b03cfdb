/**
 * A photo uploaded in the console is encoded for the build in the background: once that is done,
 * the next build copies every image it needs for the photo from Astro's cache and encodes none,
 * for a photo in an article's body and for a cover. The build is the real one, on a copy of the
 * demo content, with an image cache of its own that starts with the demo's images only.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { makePhoto } from '../fixtures/photos';
import type { ApiClient } from './api';
import { ownerLogin, startOwnedApi, type Person } from './people';
import { runScript } from './scripts';
import { astroCacheWithDemoImages, copyDemoContent, distWithSuiteBuild } from '../siteCopies';

const BLOCK = 97;
let dir: string;
let api: ApiClient;
let owner: Person;
let env: Record<string, string>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-image-cache-'));
  const content = join(dir, 'content');
  copyDemoContent(content);
  // The demo's own images as the project's builds left them: only the new photos are missing.
  const cache = astroCacheWithDemoImages(join(dir, 'cache'));
  const dist = join(dir, 'dist');
  distWithSuiteBuild(dist);
  env = { CONTENT_DIR: content, DIST_DIR: dist, ASTRO_CACHE_DIR: cache };
  api = await startOwnedApi({ ...env, AUTO_PUBLISH: 'off' });
  owner = await ownerLogin(api, BLOCK);
}, 60_000);
afterAll(async () => {
  await api?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(bytes: Buffer, use: 'images' | 'covers'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG_0002.jpg');
  const res = await fetch(`${api.server.url}/api/admin/writing/images?use=${use}`, {
    method: 'POST',
    body: form,
    headers: { ...owner.auth, 'X-Requested-With': 'XMLHttpRequest' },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.result.path;
}

/** The build's line for each image it wrote from `name`: encoded (`before: … after: …`) or copied (`reused cache entry`). */
const linesFor = (output: string, name: string) =>
  output.split('\n').filter((line) => line.includes(`/_astro/${name}.`) && line.includes('▶'));

it('a build after the background encoding encodes nothing for a new 12-megapixel photo', async () => {
  // Two photos as a phone takes them (4032 × 3024, turned by EXIF), straight to the server.
  const body = await upload(await makePhoto(), 'images');
  const cover = await upload(await makePhoto({ noise: 40 }), 'covers');
  const bodyName = body.match(/([a-f0-9]{20})\.jpg$/)![1];
  const coverName = cover.match(/([a-f0-9]{20})\.jpg$/)![1];

  for (let waited = 0; (server().match(/已为下次构建预先编码图片/g) ?? []).length < 2; waited += 250) {
    expect(waited, server()).toBeLessThan(240_000);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const saved = await api.call('POST', '/admin/writing/articles', {
    headers: owner.auth,
    body: {
      title: '新照片',
      body: `手机拍的。\n\n![山](${body})\n`,
      description: '',
      category: '随笔',
      tags: ['照片'],
      cover,
      type: 'original',
      origin_url: '',
      pinned: false,
      public: true,
      date: '',
      base_revision: null,
      publish: true,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);

  const built = await runScript('scripts/build.ts', [], env);
  expect(built.code, built.output.slice(-3000)).toBe(0);
  const bodyLines = linesFor(built.output, bodyName);
  const coverLines = linesFor(built.output, coverName);
  // The body: five widths and the full size, as WebP; the cover: five widths as AVIF and WebP, and the shared JPEG.
  expect(bodyLines).toHaveLength(6);
  expect(coverLines).toHaveLength(11);
  for (const line of [...bodyLines, ...coverLines]) expect(line).toContain('(reused cache entry)');
  expect(
    readdirSync(join(dir, 'cache', 'assets')).filter((file) => file.startsWith(bodyName) || file.startsWith(coverName)),
  ).toHaveLength(17);
}, 400_000);

const server = () => api.server.output();

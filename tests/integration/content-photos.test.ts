/**
 * An article's photo sent to the server as a phone took it (a browser that could not shrink it
 * first does this): up to 20 MB is taken, more is refused in words; what is stored is upright,
 * at most 2560 px on its long side, and carries no EXIF, GPS or anything after the image.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_IMAGE_MAX_SIDE_PX,
  MAX_CONTENT_IMAGE_BYTES,
  MAX_CONTENT_IMAGE_PIXELS,
} from '../../src/contract/limits';
import { gpsOf, isUpright, makePhoto, padJpeg } from '../fixtures/photos';
import type { ApiClient } from './api';
import { ownerLogin, startOwnedApi, type Person } from './people';
import { copyDemoContent } from '../siteCopies';

const BLOCK = 96;
let api: ApiClient;
let owner: Person;
let content: string;
let photo: Buffer;
beforeAll(async () => {
  content = mkdtempSync(join(tmpdir(), 'blog-photos-'));
  copyDemoContent(content);
  api = await startOwnedApi({ CONTENT_DIR: content, AUTO_PUBLISH: 'off' });
  owner = await ownerLogin(api, BLOCK);
  photo = await makePhoto();
}, 60_000);
afterAll(async () => {
  await api?.stop();
  rmSync(content, { recursive: true, force: true });
});

async function upload(bytes: Buffer, type = 'image/jpeg') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'IMG_0001.jpg');
  const res = await fetch(`${api.server.url}/api/admin/writing/images?use=images`, {
    method: 'POST',
    body: form,
    headers: { ...owner.auth, 'X-Requested-With': 'XMLHttpRequest' },
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
const stored = (path: string) => readFileSync(join(content, 'articles', path));

describe('a phone photo uploaded as it is', () => {
  it('is stored upright, shrunk to 2560 px on its long side, without EXIF or GPS', async () => {
    const before = await sharp(photo).metadata();
    expect(photo.length).toBeGreaterThan(7 * 1024 * 1024);
    expect(before.orientation).toBe(6);
    expect(gpsOf(before)).not.toBeNull();
    expect(await isUpright(photo)).toBe(false);

    const answer = await upload(photo);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.path).toMatch(/^\.\/images\/[a-f0-9]{20}\.jpg$/);
    const file = stored(answer.body.result.path);
    const after = await sharp(file).metadata();
    expect(after.format).toBe('jpeg');
    expect([after.width, after.height]).toEqual([CONTENT_IMAGE_MAX_SIDE_PX * 0.75, CONTENT_IMAGE_MAX_SIDE_PX]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(gpsOf(after)).toBeNull();
    expect(await isUpright(file)).toBe(true);
    // The console's preview shows the stored file.
    const shown = await fetch(`${api.server.url}${answer.body.result.url}`, { headers: owner.auth });
    expect(Buffer.from(await shown.arrayBuffer())).toEqual(file);
  }, 60_000);

  it('takes exactly 20 MB and keeps nothing of what filled it', async () => {
    const full = padJpeg(photo, MAX_CONTENT_IMAGE_BYTES);
    expect(full.length).toBe(MAX_CONTENT_IMAGE_BYTES);
    const answer = await upload(full);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const file = stored(answer.body.result.path);
    expect(file.length).toBeLessThan(4 * 1024 * 1024);
    expect(file.includes(Buffer.from('PADDING'))).toBe(false);
    expect(await isUpright(file)).toBe(true);
  }, 60_000);

  it('refuses one byte more, and a far larger body, in words', async () => {
    const over = await upload(padJpeg(photo, MAX_CONTENT_IMAGE_BYTES + 1));
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('图片不能超过 20 MB');
    const far = await upload(padJpeg(photo, MAX_CONTENT_IMAGE_BYTES + 3 * 1024 * 1024));
    expect(far.status).toBe(413);
    expect(far.body.message).toBe('图片不能超过 20 MB');
  }, 60_000);

  it('refuses an image of more pixels than it decodes; keeps a small bare one as it came, unless data follows its end', async () => {
    const side = Math.ceil(Math.sqrt(MAX_CONTENT_IMAGE_PIXELS)) + 1;
    const vast = await sharp({ create: { width: side, height: side, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const refused = await upload(vast, 'image/png');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`图片尺寸太大（${side}×${side}）：总共不能超过 1 亿像素`);

    // As a browser redraws a photo: small, upright, an sRGB colour profile and nothing else. Kept as it came.
    const redrawn = await sharp({ create: { width: 1920, height: 2560, channels: 3, background: '#2a6' } })
      .jpeg({ quality: 90 })
      .withIccProfile('srgb')
      .toBuffer();
    expect((await sharp(redrawn).metadata()).icc).toBeDefined();
    const kept = await upload(redrawn);
    expect(kept.status).toBe(200);
    expect(stored(kept.body.result.path)).toEqual(redrawn);

    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const trailed = Buffer.concat([small, Buffer.from('SECRET-TRAILER lat=31.2 lon=121.4')]);
    const answer = await upload(trailed);
    expect(answer.status).toBe(200);
    const file = stored(answer.body.result.path);
    expect(file.includes(Buffer.from('SECRET-TRAILER'))).toBe(false);
    expect((await sharp(file).metadata()).width).toBe(300);
  }, 60_000);
});

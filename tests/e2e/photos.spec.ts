/**
 * A photo straight from a phone in the article editor, on a phone's screen and a laptop's: about
 * 8 MB, stored sideways with EXIF orientation 6 and GPS tags. 上传图片 takes it, says beside the
 * button how far it has got, and the article gets it upright and without EXIF or GPS, in the file
 * stored and in the image the preview shows; so does the cover, from its own button. A file the
 * server refuses is refused beside the button.
 * On a server of its own with a copy of the demo content, so the uploads stay out of the project.
 */
import type { Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { CONTENT_IMAGE_MAX_SIDE_PX } from '../../src/contract/limits';
import { gpsOf, isUpright, makePhoto } from '../fixtures/photos';
import { startServer, type RunningServer } from '../integration/serve';
import { expect, test } from './fixtures';
import { ownerBrowser } from './owner';
import { astroCacheWithDemoImages, copyDemoContent } from '../siteCopies';

let dir: string;
let content: string;
let server: RunningServer;
let photo: Buffer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-photos-e2e-'));
  content = join(dir, 'content');
  copyDemoContent(content);
  server = await startServer({
    CONTENT_DIR: content,
    DATABASE_URL: `file:${join(dir, 'blog.db')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
    ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(dir, 'astro-cache')),
    AUTO_PUBLISH: 'off',
    TRUST_PROXY: 'loopback',
  });
  photo = await makePhoto();
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const uploadButton = (page: Page) => page.getByRole('button', { name: '上传图片' });
const bodyStatus = (page: Page) => page.getByRole('status', { name: '正文图片的上传' });

/** Clicks 上传图片 and picks the file in the chooser it opens, as the owner would. */
async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await uploadButton(page).click();
  await (await chooser).setFiles(file);
}

/** How far apart, top to top, two things on the screen are. */
async function distance(page: Page, a: ReturnType<Page['locator']>, b: ReturnType<Page['locator']>): Promise<number> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  return Math.abs(boxA!.y - boxB!.y);
}

async function expectBarePortrait(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('jpeg');
  expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(CONTENT_IMAGE_MAX_SIDE_PX);
  expect(meta.height).toBeGreaterThan(meta.width);
  expect(meta.orientation).toBeUndefined();
  expect(meta.exif).toBeUndefined();
  expect(gpsOf(meta)).toBeNull();
  expect(await isUpright(bytes)).toBe(true);
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1366, height: 768 },
]) {
  test(`at ${viewport.width} px a phone photo goes in through 上传图片 upright and without GPS, its progress and a refusal shown beside the button`, async ({
    browser,
    problems,
  }) => {
    expect(photo.length).toBeGreaterThan(7 * 1024 * 1024);
    expect(gpsOf(await sharp(photo).metadata())).not.toBeNull();
    const { page, context } = await ownerBrowser(browser, problems, server.url, dir);
    await page.setViewportSize(viewport);
    await page.goto('/admin/articles/edit');
    await expect(uploadButton(page)).toBeVisible();
    await uploadButton(page).scrollIntoViewIfNeeded();

    // A line as slow as a phone's upload (4 Mbit/s), so the progress can be seen on its way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: -1,
      uploadThroughput: 500_000,
    });
    await chooseFile(page, { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(bodyStatus(page)).toContainText(/正在上传 IMG_0001\.jpg \d+%/);
    await expect(bodyStatus(page)).toBeInViewport();
    expect(await distance(page, bodyStatus(page), uploadButton(page))).toBeLessThan(120);
    await expect(bodyStatus(page)).toHaveText('', { timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const body = page.getByRole('textbox', { name: '正文' });
    await expect(body).toContainText(/!\[\]\(\.\/images\/[a-f0-9]{20}\.jpg\)/);
    const path = /\.\/images\/([a-f0-9]{20}\.jpg)/.exec((await body.textContent())!)![1];
    await expectBarePortrait(readFileSync(join(content, 'articles', 'images', path)));

    // The preview shows the image as the article will, upright.
    await page.getByRole('button', { name: '预览' }).click();
    const shown = page.getByLabel('预览').locator(`img[src$="${path}"]`);
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalHeight > img.naturalWidth)).toBe(true);
    const served = await context.request.get((await shown.getAttribute('src'))!);
    await expectBarePortrait(Buffer.from(await served.body()));

    // The same photo as the cover, from the cover's own button (in the settings, folded on a phone).
    const toggle = page.getByRole('button', { name: '文章设置' });
    if (await toggle.isVisible()) await toggle.click();
    const coverButton = page.getByRole('button', { name: '选择封面' });
    await coverButton.scrollIntoViewIfNeeded();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: -1,
      uploadThroughput: 500_000,
    });
    const coverChooser = page.waitForEvent('filechooser');
    await coverButton.click();
    await (await coverChooser).setFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: photo });
    const coverStatus = page.getByRole('status', { name: '封面的上传' });
    await expect(coverStatus).toContainText(/正在上传 IMG_0002\.jpg \d+%/);
    await expect(coverStatus).toBeInViewport();
    expect(await distance(page, coverStatus, page.getByRole('button', { name: /选择封面|更换封面/ }))).toBeLessThan(
      120,
    );
    await expect(page.getByRole('button', { name: '更换封面' })).toBeVisible({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const coverSrc = (await page.getByRole('img', { name: '封面预览' }).getAttribute('src'))!;
    expect(coverSrc).toMatch(/\/covers\/[a-f0-9]{20}\.jpg$/);
    await expectBarePortrait(readFileSync(join(content, 'articles', 'covers', coverSrc.split('/').pop()!)));
    await expectBarePortrait(Buffer.from(await (await context.request.get(coverSrc)).body()));

    // A file that is not an image is refused beside the button, not below the editor.
    await uploadButton(page).scrollIntoViewIfNeeded();
    await chooseFile(page, { name: '不是图片.png', mimeType: 'image/png', buffer: Buffer.from('这只是一段文字') });
    const refusal = page.getByRole('alert').filter({ hasText: '不是图片.png 没有上传' });
    await expect(refusal).toContainText('只能上传 PNG、JPEG、WebP 或 GIF 图片');
    await expect(refusal).toBeInViewport();
    expect(await distance(page, refusal, uploadButton(page))).toBeLessThan(120);
    await context.close();
  });
}

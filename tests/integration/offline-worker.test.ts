/**
 * What the suite's build serves for offline reading: the worker, stamped with its build and never
 * cached by the browser's HTTP cache; our offline page; and the web app manifest with icons that
 * exist at the sizes it says.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './serve';

const distDir = process.env.DIST_DIR || 'dist';
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-offline-'));
  server = await startServer({ DATABASE_URL: `file:${join(dir, 'blog.db')}`, UPLOAD_DIR: join(dir, 'uploads') });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the offline worker', () => {
  it('is served from the root, asked again on every check, and names the build it came with', async () => {
    const answer = await fetch(`${server.url}/sw.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const code = await answer.text();
    const release = basename(realpathSync(join(distDir, 'current')));
    expect(code.split('\n')[0]).toContain(release);
    expect(code).toContain('respondWith');
    expect(code).toBe(readFileSync(join(distDir, 'client', 'sw.js'), 'utf8'));
  });

  it('has our offline page to show, kept out of search engines and the sitemap', async () => {
    const page = await fetch(`${server.url}/offline`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('离线可读');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(readFileSync(join(distDir, 'client', 'sitemap-0.xml'), 'utf8')).not.toContain('/offline<');
  });

  it('is asked for by every page, which links the manifest and shows the 离线 mark only offline; an article has 离线保存', async () => {
    const html = await (await fetch(`${server.url}/article/1`)).text();
    expect(html).toContain('data-offline="on"');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html).toMatch(/<span id="offline-mark"[^>]*\bhidden\b/);
    // 离线保存 comes with the like bar's island once it is in view, in the browser only.
    expect(html).toMatch(/component-url="[^"]*\/LikeButton\.[^"]*"[^>]*props="[^"]*&quot;offline&quot;:\[0,true\]/);
  });
});

describe('the web app manifest', () => {
  it('names the site, opens at /home on its own, and lists icons of the sizes they are', async () => {
    const answer = await fetch(`${server.url}/manifest.webmanifest`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = await answer.json();
    expect(manifest).toMatchObject({
      name: '小咸鱼的博客',
      short_name: '小咸鱼',
      start_url: '/home',
      display: 'standalone',
      theme_color: '#f4f5f7',
      background_color: '#f4f5f7',
      user_preferences: { color_scheme_dark: { theme_color: '#14161a' } },
    });
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons.some((icon: { purpose: string }) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const file = await fetch(`${server.url}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe(icon.type);
      const { width, height, format } = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format).toBe('png');
    }
  });
});

/**
 * The static files change under a running server (a rebuild, a deploy): every answer must
 * match the file as it is now, and a file that is gone or broken answers only its own request.
 * The server runs on a private copy of the built client, so the shared build stays intact.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerHead, decodedBody, exchange, type RawAnswer } from './raw';
import { startServer, type RunningServer } from './serve';

const SHARED_DIST = process.env.DIST_DIR || 'dist';
let dist: string;
let client: string;
let uploads: string;
let server: RunningServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'blog-static-'));
  client = join(dist, 'client');
  // dist/client is a link to the live build: copy the files it leads to, not the link.
  cpSync(realpathSync(join(SHARED_DIST, 'client')), client, { recursive: true });
  // The server bundle only needs reading; linked, it still finds the project's node_modules.
  symlinkSync(realpathSync(join(SHARED_DIST, 'server')), join(dist, 'server'));
  uploads = join(dist, 'uploads');
  mkdirSync(uploads);
  server = await startServer({ DIST_DIR: dist, UPLOAD_DIR: uploads });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const BROWSER = [['Accept-Encoding', 'gzip, deflate, br, zstd']] as [string, string][];
const get = (target: string, headers: [string, string][] = [], method = 'GET') =>
  exchange(server.url, { method, target, headers });

function expectWhole(answer: RawAnswer) {
  expect(answer.complete).toBe(true);
  expect(answer.body.length).toBe(Number(answer.headers['content-length']));
}

async function expectServerAlive() {
  const home = await get('/home', BROWSER);
  expect(home.status).toBe(200);
  expectWhole(home);
}

describe('a static file removed under a running server', () => {
  it('answers 404 for it, in every encoding, and keeps serving the rest', async () => {
    const before = await get('/archives', BROWSER);
    expect(before.status).toBe(200);
    for (const name of ['index.html', 'index.html.br', 'index.html.gz']) rmSync(join(client, 'archives', name));
    for (const headers of [BROWSER, [['Accept-Encoding', 'gzip']] as [string, string][], []]) {
      const after = await get('/archives', headers);
      expect(after.status).toBe(404);
      expect(decodedBody(after).toString()).toContain('页面走丢了');
      expect((await get('/archives', headers, 'HEAD')).status).toBe(404);
    }
    await expectServerAlive();
  });

  it('falls back to another encoding when only the brotli variant is gone', async () => {
    expect((await get('/category', BROWSER)).headers['content-encoding']).toBe('br');
    rmSync(join(client, 'category', 'index.html.br'));
    const after = await get('/category', BROWSER);
    expect(after.status).toBe(200);
    expect(after.headers['content-encoding']).toBe('gzip');
    expectWhole(after);
    expect(decodedBody(after).equals(readFileSync(join(client, 'category', 'index.html')))).toBe(true);
  });

  it('answers 404 when a page became a directory', async () => {
    expect((await get('/siteList')).status).toBe(200);
    for (const name of ['index.html', 'index.html.br', 'index.html.gz']) rmSync(join(client, 'siteList', name));
    mkdirSync(join(client, 'siteList', 'index.html'));
    expect((await get('/siteList', BROWSER)).status).toBe(404);
    await expectServerAlive();
  });
});

describe('a static file rewritten under a running server', () => {
  for (const [label, factor] of [
    ['shorter', 0.5],
    ['longer', 2],
  ] as const) {
    it(`serves the ${label} new bytes with their own length in every encoding`, async () => {
      const page = join(client, 'tag', 'index.html');
      await get('/tag', BROWSER);
      const old = readFileSync(page);
      const html = Buffer.from(
        `<!doctype html><title>新版本</title>${'重新构建后的内容。'.repeat(Math.round((old.length * factor) / 27))}`,
      );
      writeFileSync(page, html);
      writeFileSync(`${page}.br`, brotliCompressSync(html));
      writeFileSync(`${page}.gz`, gzipSync(html));
      const variants: [[string, string][], string | undefined][] = [
        [BROWSER, 'br'],
        [[['Accept-Encoding', 'gzip']], 'gzip'],
        [[], undefined],
      ];
      for (const [headers, encoding] of variants) {
        const answer = await get('/tag', headers);
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expectWhole(answer);
        expect(decodedBody(answer).equals(html)).toBe(true);
      }
    });
  }
});

describe('a static file that cannot be read', () => {
  it('answers that request with the 500 page, no stack trace, and the server keeps running', async () => {
    // The kernel reports a regular file here, and reading its first byte fails with EIO.
    symlinkSync('/proc/self/mem', join(client, 'unreadable.txt'));
    const answer = await get('/unreadable.txt');
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    const body = answer.body.toString();
    expect(body).toContain('服务器开小差了');
    expect(body).not.toMatch(/\bat .+:\d+:\d+|node:|EIO/);
    await expectServerAlive();
  });
});

describe('uploaded images', () => {
  it('carry at most 300 bytes of headers, and a bad Range gets 416 or the whole file', async () => {
    const image = Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(3000, 1)]);
    writeFileSync(join(uploads, 'c0ffee.webp'), image);
    const head = await answerHead(server.url, { target: '/uploads/c0ffee.webp' });
    expect(head.status).toBe(200);
    expect(head.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.byteLength(head.head, 'latin1'), head.head).toBeLessThanOrEqual(300);
    for (const range of ['bytes=5-1', 'bytes=99999999999999999999-', 'bytes=-0', 'bytes=garbage']) {
      const answer = await get('/uploads/c0ffee.webp', [['Range', range]]);
      expect(answer.complete, range).toBe(true);
      if (answer.status === 416) expect(answer.headers['content-range'], range).toBe(`bytes */${image.length}`);
      else expect(answer.body.equals(image), `${range}: ${answer.status}`).toBe(true);
    }
    rmSync(join(uploads, 'c0ffee.webp'));
    expect((await get('/uploads/c0ffee.webp')).status).toBe(404);
    await expectServerAlive();
  });
});

import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './serve';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request: fetch would decompress and follow redirects, hiding what is under test. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static pages', () => {
  it('serves brotli, gzip or identity by Accept-Encoding, with Vary', async () => {
    const plain = await raw('/home');
    const br = await raw('/home', { 'Accept-Encoding': 'gzip, deflate, br' });
    const gz = await raw('/home', { 'Accept-Encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const r of [plain, br, gz]) expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('gives HTML an ETag and a short max-age, and answers 304 to a matching If-None-Match', async () => {
    const first = await raw('/archives', { 'Accept-Encoding': 'br' });
    expect(first.headers['content-type']).toMatch(/text\/html/);
    expect(first.headers['cache-control']).toMatch(/max-age=60\b/);
    expect(first.headers.etag).toBeTruthy();
    const again = await raw('/archives', { 'Accept-Encoding': 'br', 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('marks hashed assets immutable for a year', async () => {
    const asset = readdirSync('dist/client/_astro').find((name) => name.endsWith('.js'))!;
    const res = await raw(`/_astro/${asset}`, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves pages under Chinese paths', async () => {
    const html = (await raw('/tag')).body.toString();
    const href = /href="(\/tag\/[^"]+)"/.exec(html)![1];
    expect((await raw(href)).status).toBe(200);
  });

  it('does not answer a POST with a static file', async () => {
    expect((await raw('/home', {}, 'POST')).status).toBe(404);
  });
});

describe('security headers', () => {
  it('are on static and dynamic responses alike', async () => {
    for (const path of ['/home', '/no-such-page']) {
      const res = await raw(path);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toMatch(/script-src[^;]*\*/);
    }
  });
});

describe('redirects and not found', () => {
  it('moves legacy query URLs with a 301 and keeps the query', async () => {
    const res = await raw('/article?id=5&utm=x');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/article/5?utm=x');
    expect((await raw('/talk')).status).toBe(200);
  });

  it('answers unknown paths with the 404 page, compressed', async () => {
    const res = await raw('/definitely/missing', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toContain('页面走丢了');
  });
});

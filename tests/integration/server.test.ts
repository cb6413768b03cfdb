import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_DEMAND_ROUTES_FILE } from '../../src/server/http/onDemandRoutes';
import { currentRelease } from '../../src/server/releases/releases';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../src/server/http/serverSettings';
import { answerHead, exchange } from './raw';
import { startServer, type RunningServer } from './serve';

const CLIENT = join(process.env.DIST_DIR || 'dist', 'client');
/** Every header line plus the status line and the blank line, in bytes as they travel. */
const ASSET_HEADER_BUDGET = 300;
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

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

describe('the server process', () => {
  it('runs with the memory settings, however it was started: main.ts starts itself again with them in the same process', () => {
    const commandLine = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    for (const flag of SERVER_NODE_FLAGS) expect(commandLine).toContain(flag);
    expect(commandLine).toContain(join(process.cwd(), 'src', 'server', 'http', 'main.ts'));
    const environment = readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0');
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(environment).toContain(`${name}=${process.env[name] ?? value}`);
  });
});

describe('the build', () => {
  it("renders no route per request, so the server never loads Astro's page handler", () => {
    const recorded = JSON.parse(
      readFileSync(join(currentRelease(join(process.cwd(), 'dist')), 'server', ON_DEMAND_ROUTES_FILE), 'utf8'),
    );
    expect(recorded).toEqual([]);
  });
});

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
    const asset = readdirSync(join(CLIENT, '_astro')).find((name) => name.endsWith('.js'))!;
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
  it('are on every page, static or not found', async () => {
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

/** Every built file that is not a page or a precompressed variant, as the URL path that serves it. */
function builtAssets(): string[] {
  return readdirSync(CLIENT, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(html|br|gz)$/.test(entry.name))
    .map((entry) => `/${relative(CLIENT, join(entry.parentPath, entry.name)).split('\\').join('/')}`);
}

describe('static asset headers', () => {
  it(`stay within ${ASSET_HEADER_BUDGET} bytes, status line included, and keep nosniff`, async () => {
    const assets = builtAssets();
    expect(assets.filter((path) => path.startsWith('/_astro/') && path.endsWith('.js')).length).toBeGreaterThan(5);
    let largest = { bytes: 0, path: '' };
    for (const path of assets) {
      for (const encoding of [BROWSER_ENCODINGS, 'gzip', undefined]) {
        const answer = await answerHead(server.url, {
          target: encodeURI(path),
          headers: encoding ? [['Accept-Encoding', encoding]] : [],
        });
        const bytes = Buffer.byteLength(answer.head, 'latin1');
        expect(answer.status, path).toBe(200);
        expect(bytes, `${path} (${encoding ?? 'identity'}):\n${answer.head}`).toBeLessThanOrEqual(ASSET_HEADER_BUDGET);
        expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
        expect(answer.headers['content-security-policy'], path).toBeUndefined();
        if (bytes > largest.bytes) largest = { bytes, path };
      }
    }
    console.log(`最大的静态资源响应头：${largest.bytes} 字节（${largest.path}）`);
  });
});

describe('Range requests on static pages', () => {
  const RANGES = [
    'bytes=5-1',
    'bytes=0-10,20-30',
    'bytes=-0',
    'bytes=0-',
    'bytes=0-0',
    'bytes=garbage',
    'bytes=',
    'bytes=99999999999999999999-',
    'bytes=0-99999999999999999999999',
    'bytes=-99999999999999999999',
    'items=0-5',
    `bytes=${'0-1,'.repeat(2000)}2-3`,
  ];
  for (const [encoding, suffix] of [
    [undefined, ''],
    ['br', '.br'],
  ] as const) {
    it(`answer 416 with Content-Range or the right bytes, never a dropped connection (${encoding ?? 'identity'})`, async () => {
      const file = readFileSync(join(CLIENT, 'home', `index.html${suffix}`));
      for (const range of RANGES) {
        const answer = await exchange(server.url, {
          target: '/home',
          headers: [['Range', range], ...(encoding ? [['Accept-Encoding', encoding] as [string, string]] : [])],
        });
        expect(answer.complete, range).toBe(true);
        if (answer.status === 416) {
          expect(answer.headers['content-range'], range).toBe(`bytes */${file.length}`);
        } else if (answer.status === 206) {
          const [, start, end, size] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.headers['content-range'])!.map(Number);
          expect(size, range).toBe(file.length);
          expect(answer.body.equals(file.subarray(start, end + 1)), range).toBe(true);
        } else {
          expect(answer.status, range).toBe(200);
          expect(answer.body.equals(file), range).toBe(true);
        }
      }
    });
  }

  it('HEAD gives the length of the body GET sends, and no body', async () => {
    const got = await exchange(server.url, { target: '/home', headers: [['Accept-Encoding', 'br']] });
    const head = await exchange(server.url, { method: 'HEAD', target: '/home', headers: [['Accept-Encoding', 'br']] });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(got.body.length));
    expect(statSync(join(CLIENT, 'home', 'index.html.br')).size).toBe(got.body.length);
  });
});

describe('malformed percent-encoding in the path', () => {
  const STACK = /\bat .+:\d+:\d+|node:internal|node_modules|URIError/;

  it('answers 400 with the error page on static and rendered paths', async () => {
    for (const target of [
      '/article/%E0%A4%A',
      '/%',
      '/home/%ZZ',
      '/_astro/%E0.js',
      '/tag/%C0%AF',
      '/no-such-page/%FF',
    ]) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const answer = await exchange(server.url, { method, target });
        expect(answer.status, `${method} ${target}`).toBe(400);
        expect(answer.headers['content-type'], target).toMatch(/text\/html/);
        if (method === 'GET') expect(answer.body.toString(), target).toContain('地址中的编码不正确');
        expect(answer.body.toString(), target).not.toMatch(STACK);
      }
    }
  });

  it('answers 400 in the API envelope under /api and in {code, msg} under /wapi', async () => {
    const calls = [
      ['GET', '/api/article/getArticleListByContent/%ZZ'],
      ['GET', '/api/%'],
      ['GET', '/api/article/getArticleById/%E0%A4%A'],
      // A view waits behind other requests (countingLane.ts); a malformed one is refused like any call, with the same headers.
      ['PUT', '/api/article/view/%E0%A4%A'],
    ];
    for (const [method, target] of calls) {
      const answer = await exchange(server.url, { method, target, headers: [['X-Requested-With', 'XMLHttpRequest']] });
      expect(answer.status, target).toBe(400);
      const body = JSON.parse(answer.body.toString());
      expect(body).toEqual({ code: 400, message: '请求无效：地址中的编码不正确' });
      expect(answer.headers['x-content-type-options'], target).toBe('nosniff');
    }
    for (const target of ['/wapi/song/detail/%ZZ', '/wapi/%']) {
      const answer = await exchange(server.url, { target });
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body.toString())).toEqual({ code: 400, msg: expect.stringMatching(/[\u4e00-\u9fff]/) });
    }
  });
});

describe('requests the HTTP parser cannot read', () => {
  it('get their 400 even while a large body is still being sent, instead of a reset', async () => {
    const body = 'A'.repeat(1 << 20);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        exchange(server.url, {
          method: 'FOO',
          target: '/api/admin/orders',
          headers: [['Content-Type', 'text/plain']],
          body,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(400));
    // The server is unharmed.
    expect((await raw('/home')).status).toBe(200);
  });
});

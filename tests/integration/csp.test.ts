import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ELEMENT_NODE, parse, TEXT_NODE, walkSync } from 'ultrahtml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './serve';

const clientDir = join(process.env.DIST_DIR || 'dist', 'client');
const DOCUMENT_ONLY = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'x-frame-options',
  'referrer-policy',
  'strict-transport-security',
];

const dirs: string[] = [];
const servers: RunningServer[] = [];
async function serve(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'blog-csp-'));
  dirs.push(dir);
  const server = await startServer({
    DATABASE_URL: `file:${join(dir, 'blog.db')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
    ...env,
  });
  servers.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The directives of a policy header, by name. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy, '应有 Content-Security-Policy').toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/** The text of every inline script the browser would run: no src, and a JavaScript type or none. */
function inlineScripts(html: string): string[] {
  const found: string[] = [];
  walkSync(parse(html), (node) => {
    if (node.type !== ELEMENT_NODE || node.name !== 'script' || 'src' in node.attributes) return;
    const type = (node.attributes.type ?? '').trim().toLowerCase();
    if (type && type !== 'module' && !/^(text|application)\/javascript$/.test(type)) return;
    found.push(node.children.map((child) => (child.type === TEXT_NODE ? child.value : '')).join(''));
  });
  return found;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function sitemapPaths(): string[] {
  const xml = readFileSync(join(clientDir, 'sitemap-0.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => decodeURI(new URL(loc).pathname));
}

describe('the default policy', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve();
  });

  it('allows by hash every inline script of every sitemap route, and no inline script otherwise', async () => {
    // The sitemap leaves out the account pages; the router can still swap them in.
    const paths = [...sitemapPaths(), '/login', '/register', '/userCenter', '/no-such-page'];
    expect(paths.length).toBeGreaterThan(20);
    const scripts = new Set<string>();
    for (const path of paths) {
      const res = await fetch(`${server.url}${encodeURI(path)}`);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const scriptSrc = directives(res.headers.get('content-security-policy')).get('script-src')!;
      expect(scriptSrc, path).toContain("'self'");
      for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', 'blob:', 'https:', '*'])
        expect(scriptSrc, path).not.toContain(forbidden);
      for (const script of inlineScripts(await res.text())) {
        scripts.add(script);
        expect(scriptSrc, `${path} 的内联脚本 ${script.slice(0, 60)}…`).toContain(sha256(script));
      }
    }
    // The theme boot script and Astro's island and router scripts at least.
    expect(scripts.size).toBeGreaterThanOrEqual(3);
    expect([...scripts].some((script) => script.includes('data-theme'))).toBe(true);
  });

  it('loads images and media from this origin only, and fetches nowhere else', async () => {
    const policy = directives((await fetch(`${server.url}/home`)).headers.get('content-security-policy'));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    // The offline worker and the app manifest: our own files, and nothing broader.
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
  });

  it('sends the document headers with HTML only, nosniff with everything', async () => {
    const script = readdirSync(join(clientDir, '_astro')).find((name) => name.endsWith('.js'));
    const image = readdirSync(join(clientDir, 'img')).find((name) => /\.(svg|png|jpe?g|webp)$/.test(name));
    const assets = [
      `/_astro/${script}`,
      `/img/${image}`,
      '/favicon.svg',
      '/api/config',
      '/rss.xml',
      '/api/no-such-route',
    ];
    for (const path of assets) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('content-type'), path).not.toMatch(/html/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      for (const name of DOCUMENT_ONLY) expect(res.headers.get(name), `${path} ${name}`).toBeNull();
    }
    for (const path of ['/home', '/article/1', '/no-such-page']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()');
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      // Without an https site address, no HSTS.
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });
});

describe("the owner's settings", () => {
  it('add the music CDN for covers and audio when an upstream music server is set, and nothing else', async () => {
    const server = await serve({ MUSIC_UPSTREAM: 'https://music.example.com' });
    const policy = directives((await fetch(`${server.url}/home`)).headers.get('content-security-policy'));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.music.126.net']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'https://*.music.126.net']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')!.filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'"]);
  });

  it('add the origins MEDIA_ORIGINS lists, and refuse to start on one that is not an origin', async () => {
    const server = await serve({ MEDIA_ORIGINS: 'https://img.example.com, https://*.cdn.example.org/' });
    const policy = directives((await fetch(`${server.url}/home`)).headers.get('content-security-policy'));
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://img.example.com',
      'https://*.cdn.example.org',
    ]);
    expect(policy.get('media-src')).toEqual([
      "'self'",
      'blob:',
      'https://img.example.com',
      'https://*.cdn.example.org',
    ]);
    await expect(serve({ MEDIA_ORIGINS: 'https://img.example.com/a; script-src *' })).rejects.toThrow(/MEDIA_ORIGINS/);
  });

  it('send HSTS with documents when the site address is https', async () => {
    const server = await serve({ SITE_URL: 'https://blog.example.com' });
    const page = await fetch(`${server.url}/home`);
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const api = await fetch(`${server.url}/api/config`);
    expect(api.headers.get('strict-transport-security')).toBeNull();
  });
});

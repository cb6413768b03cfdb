import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectCspSources, isRunnableScript } from '../../scripts/lib/cspSources';
import {
  CSP_SOURCES_FILE,
  loadCspSources,
  mediaOriginsFromEnv,
  NETEASE_MEDIA_ORIGIN,
} from '../../src/server/http/cspSources';

const dir = mkdtempSync(join(tmpdir(), 'blog-csp-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('collectCspSources', () => {
  const boot = "(function(){document.documentElement.dataset.theme='dark'})();";
  const island = 'customElements.define("x-island",class extends HTMLElement{})';
  const swapped = 'console.log("only on a page reached by the router")';
  mkdirSync(join(dir, 'article', '1'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><script>${boot}</script><script type="module">${island}</script>
<script type="module" src="/_astro/page.js"></script><script type="application/json" id="data">{"a":1}</script>
<script type="text/plain">not run</script>
<link rel="icon" href="https://icons.example.net/favicon.png"></head>
<body><img src="https://img.example.com/a.png"><img src="/local.png"><img src="data:image/png;base64,AAAA">
<img srcset="https://cdn-a.example.com/a.png 1x, https://cdn-b.example.com/a.png 2x">
<div style="background-image:url(&quot;https://covers.example.org/c.jpg&quot;)"></div>
<img src="http://localhost:4321/same-origin.png"></body></html>`,
  );
  writeFileSync(
    join(dir, 'article', '1', 'index.html'),
    `<html><body><script>${boot}</script><script>${swapped}</script><style>.h{background:url('https://bg.example.com/h.svg')}</style></body></html>`,
  );

  it('hashes each runnable inline script once, on every page, and skips data blocks', async () => {
    const sources = await collectCspSources(dir, 'http://localhost:4321');
    expect(sources.pages).toBe(2);
    expect(sources.scriptHashes).toEqual([hash(boot), hash(island), hash(swapped)].sort());
  });

  it('records the origins of images from other hosts, not this site, data: or relative ones', async () => {
    const { imageOrigins } = await collectCspSources(dir, 'http://localhost:4321');
    for (const origin of [
      'https://img.example.com',
      'https://cdn-a.example.com',
      'https://cdn-b.example.com',
      'https://covers.example.org',
      'https://bg.example.com',
      'https://icons.example.net',
    ]) {
      expect(imageOrigins).toContain(origin);
    }
    expect(imageOrigins).not.toContain('http://localhost:4321');
    expect(imageOrigins.every((origin) => /^https?:\/\/[^/]+$/.test(origin))).toBe(true);
  });

  it('knows which script types run', () => {
    for (const type of [
      undefined,
      '',
      'module',
      'text/javascript',
      ' Text/JavaScript ',
      'application/javascript',
      'importmap',
    ])
      expect(isRunnableScript(type)).toBe(true);
    for (const type of ['application/json', 'application/ld+json', 'text/plain', 'text/babel'])
      expect(isRunnableScript(type)).toBe(false);
  });
});

describe('mediaOriginsFromEnv', () => {
  it('adds nothing by default and the music CDN with an upstream', () => {
    expect(mediaOriginsFromEnv({})).toEqual([]);
    expect(mediaOriginsFromEnv({ MUSIC_UPSTREAM: 'https://music.example.com' })).toEqual([NETEASE_MEDIA_ORIGIN]);
  });

  it('reads MEDIA_ORIGINS and refuses anything that is not a host source', () => {
    expect(
      mediaOriginsFromEnv({
        MEDIA_ORIGINS: 'https://A.example.com/ http://192.168.1.5:8080,https://*.cdn.example.org',
      }),
    ).toEqual(['https://a.example.com', 'http://192.168.1.5:8080', 'https://*.cdn.example.org']);
    for (const bad of [
      'img.example.com',
      'https://img.example.com/path',
      'https://x.com;script-src',
      'javascript:alert(1)',
      '*',
    ]) {
      expect(() => mediaOriginsFromEnv({ MEDIA_ORIGINS: bad })).toThrow(/MEDIA_ORIGINS/);
    }
  });
});

describe('loadCspSources', () => {
  it('keeps only well-formed hashes and origins from the build', () => {
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'server'), { recursive: true });
    const good = hash('x');
    writeFileSync(
      join(dist, 'server', CSP_SOURCES_FILE),
      JSON.stringify({
        scriptHashes: [good, 'unsafe-inline', `${good}' *`, 7],
        imageOrigins: ['https://img.example.com', "'self' *"],
        connectOrigins: ['https://quotes.example.com'],
      }),
    );
    expect(loadCspSources(dist)).toEqual({
      scriptHashes: [good],
      imageOrigins: ['https://img.example.com'],
      connectOrigins: ['https://quotes.example.com'],
    });
  });

  it('says so and allows no inline script when the build has no such file', () => {
    const lines: string[] = [];
    expect(loadCspSources(join(dir, 'no-build'), (line) => lines.push(line))).toEqual({
      scriptHashes: [],
      imageOrigins: [],
      connectOrigins: [],
    });
    expect(lines.join('\n')).toMatch(/npm run build/);
  });
});

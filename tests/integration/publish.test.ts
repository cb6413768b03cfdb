/**
 * Publishing under load: `npm run build` beside a running server makes a new build live in one
 * step, the server switches to it within seconds, and no request in between breaks. The build and
 * the server both live in a temp folder outside the project, as an owner's `DIST_DIR` may.
 */
import { lstatSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPackagesDir, RELEASES } from '../../src/server/releases/releases';
import { runScript } from './scripts';
import { startServer, type RunningServer } from './serve';
import { astroCacheWithDemoImages, distWithSuiteBuild } from '../siteCopies';

let dir: string;
let dist: string;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-publish-'));
  dist = join(dir, 'dist');
  // The suite's own build stands in for the one already live.
  // A hashed asset only the first build has, as after a change to a script.
  distWithSuiteBuild(dist, (first) =>
    writeFileSync(join(first, 'client', '_astro', 'only-in-first.Abc123.js'), 'export const first = 1;\n'),
  );
  server = await startServer({
    DIST_DIR: dist,
    DATABASE_URL: `file:${join(dir, 'blog.db')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
  });
});

it('a server started on a dist folder outside the project finds the project’s packages', async () => {
  // Nothing above the temp folder holds them: the server linked the project's own.
  expect(lstatSync(join(dist, 'node_modules')).isSymbolicLink()).toBe(true);
  expect(realpathSync(join(dist, 'node_modules'))).toBe(projectPackagesDir());
  expect((await fetch(`${server.url}/home`)).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One reader's request: a broken answer is any status but 200, a cut-off body, or a length that does not match. */
async function check(path: string): Promise<string | null> {
  try {
    const res = await fetch(`${server.url}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    const body = new Uint8Array(await res.arrayBuffer());
    if (res.status !== 200) return `${path}: ${res.status}`;
    const length = res.headers.get('content-length');
    if (length !== null && res.headers.get('content-encoding') === null && Number(length) !== body.length)
      return `${path}: 长度 ${length} ≠ ${body.length}`;
    const text = new TextDecoder().decode(body);
    if (path.startsWith('/api/') && JSON.parse(text).code !== 0) return `${path}: ${text.slice(0, 80)}`;
    if (!path.startsWith('/api/') && !path.startsWith('/_astro/') && !text.includes('</html>'))
      return `${path}: 页面不完整`;
    return null;
  } catch (error) {
    return `${path}: ${(error as Error).message}`;
  }
}

const canonicalOf = async (path: string) =>
  /<link rel="canonical" href="([^"]+)"/.exec(await (await fetch(`${server.url}${path}`)).text())?.[1] ?? '';

describe('npm run build beside a running server', () => {
  it('switches to the new build with no broken answer, and keeps the old build’s assets', async () => {
    const home = await (await fetch(`${server.url}/home`)).text();
    const assets = [...home.matchAll(/(\/_astro\/[\w.-]+\.(?:js|css))/g)].map((match) => match[1]).slice(0, 3);
    const paths = ['/home', '/article/1', '/archives', '/api/article/blogHomeGetArticleList/1/5', ...assets];
    const broken: string[] = [];
    let answered = 0;
    let loading = true;
    const readers = Array.from({ length: 4 }, async (_, reader) => {
      for (let i = reader; loading; i++) {
        const problem = await check(paths[i % paths.length]);
        answered++;
        if (problem) broken.push(problem);
      }
    });

    // A cache of its own: the project's is for builds of the project, and another test may be building with it.
    const cache = astroCacheWithDemoImages(join(dir, 'astro-cache'));
    const built = await runScript('scripts/build.ts', [], {
      DIST_DIR: dist,
      SITE_URL: 'https://second.example.com',
      ASTRO_CACHE_DIR: cache,
    });
    expect(built.code, built.output).toBe(0);
    for (let i = 0; i < 200 && !server.output().includes('已切换到新的构建'); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.output()).toContain('已切换到新的构建');
    // Keep reading a little on the new build too.
    const after = answered;
    while (answered < after + 40) await new Promise((resolve) => setTimeout(resolve, 50));
    loading = false;
    await Promise.all(readers);

    expect(broken).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    expect(await canonicalOf('/home')).toMatch(/^https:\/\/second\.example\.com/);
    expect((await fetch(`${server.url}/_astro/only-in-first.Abc123.js`)).status).toBe(200);
    expect(readdirSync(join(dist, RELEASES))).toHaveLength(2);
    // The counters answer as well: a reader's visit on the new build is counted.
    const view = await fetch(`${server.url}/api/article/view/1`, {
      method: 'PUT',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(view.status).toBe(200);
    expect((await view.json()).result.view_times).toBeGreaterThan(0);
  }, 240_000);
});

/**
 * A build that fails says what failed in the console's words: the file, the field and the
 * schema's message, found from Astro's error and our own schema check (src/lib/node/buildProblem.ts),
 * and handed to the server by the build the publisher runs (src/server/writing/buildRunner.ts).
 * A small blog of its own with one talk the schema refuses, built into a temp folder.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProblemPath } from '../../src/lib/node/buildProblem';
import { buildRunner } from '../../src/server/writing/buildRunner';
import { PROJECT_ROOT } from '../../src/server/projectRoot';
import { astroCacheWithDemoImages } from '../siteCopies';

let dir: string;
let content: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'blog-build-problem-'));
  content = join(dir, 'content');
  mkdirSync(join(content, 'articles'), { recursive: true });
  mkdirSync(join(content, 'talks', '2025'), { recursive: true });
  cpSync('src/content/articles/0001-hello-astro-blog.md', join(content, 'articles', '0001-hello-astro-blog.md'));
  cpSync('src/content/talks/0001.md', join(content, 'talks', '0001.md'));
  writeFileSync(
    join(content, 'talks', '2025', '0002.md'),
    '---\nid: 2\ndate: "2025-01-06 10:00:00"\npinned: "maybe"\n---\n\n置顶吗？\n',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a failed build', () => {
  it('names the file, the field and the schema’s message, and leaves no release', async () => {
    const distDir = join(dir, 'dist');
    // The problem of a build before is gone once a build starts.
    mkdirSync(distDir, { recursive: true });
    writeFileSync(
      buildProblemPath(distDir),
      JSON.stringify({ file: 'talks/old.md', field: 'id', message: '旧的问题' }),
    );
    // Astro's cache for this content beside it, not among the checkout's (the build inherits the environment).
    process.env.ASTRO_CACHE_DIR = astroCacheWithDemoImages(join(dir, 'astro-cache'));
    const run = await buildRunner({ projectRoot: PROJECT_ROOT, distDir, contentDir: content })(() => {}).finally(
      () => delete process.env.ASTRO_CACHE_DIR,
    );
    expect(run.ok, run.output.slice(-2000)).toBe(false);
    expect(run.problem).toEqual({ file: 'talks/2025/0002.md', field: 'pinned', message: '置顶只能是是或否' });
    expect(existsSync(join(distDir, 'current'))).toBe(false);
  }, 300_000);
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildRunner } from '../../src/server/writing/buildRunner';

const saved = { ...process.env };
const work = mkdtempSync(join(tmpdir(), 'blog-build-runner-'));
afterEach(() => {
  process.env = { ...saved };
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The runner of a project `name` whose scripts/build.ts is `script`: a stand-in for the real build. */
function standInBuild(name: string, script: string) {
  const projectRoot = join(work, name);
  mkdirSync(join(projectRoot, 'scripts'), { recursive: true });
  writeFileSync(join(projectRoot, 'scripts', 'build.ts'), script);
  return buildRunner({ projectRoot, distDir: join(work, 'dist'), contentDir: join(work, 'content') });
}

describe('the build the publisher starts', () => {
  it("inherits the server's environment but not its compile cache, which the server's own threads keep", async () => {
    // A build that tells what it was given.
    const build = standInBuild(
      'project',
      'console.log(JSON.stringify({ cache: process.env.NODE_COMPILE_CACHE ?? null, owner: process.env.OWNER_SETTING ?? null, dist: process.env.DIST_DIR }));\n',
    );
    process.env.NODE_COMPILE_CACHE = join(work, 'server-compile-cache');
    process.env.OWNER_SETTING = 'kept';
    const run = await build(() => {});
    expect(run.ok).toBe(true);
    expect(JSON.parse(run.output)).toEqual({ cache: null, owner: 'kept', dist: join(work, 'dist') });
    expect(process.env.NODE_COMPILE_CACHE).toBe(join(work, 'server-compile-cache'));
  });

  it('runs a production build, whatever NODE_ENV and import.meta.env names the environment has', async () => {
    const build = standInBuild(
      'production',
      'console.log(JSON.stringify({ dev: process.env.DEV ?? null, mode: process.env.MODE ?? null, nodeEnv: process.env.NODE_ENV }));\n',
    );
    Object.assign(process.env, { DEV: '1', MODE: 'test', NODE_ENV: 'test' });
    const run = await build(() => {});
    expect(JSON.parse(run.output)).toEqual({ dev: null, mode: null, nodeEnv: 'production' });
  });

  it('kills the build when told to stop, and reports it failed', async () => {
    // A build that would go on for a minute, printing its pid first.
    const build = standInBuild('endless', 'console.log(process.pid);\nsetTimeout(() => {}, 60_000);\n');
    const stop = new AbortController();
    let pid = 0;
    const run = await build((line) => {
      pid = Number(line);
      stop.abort();
    }, stop.signal);
    expect(run.ok).toBe(false);
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow();
  });
});

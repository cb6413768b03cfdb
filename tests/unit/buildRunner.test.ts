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

describe('the build the publisher starts', () => {
  it("inherits the server's environment but not its compile cache, which the server's own threads keep", async () => {
    const projectRoot = join(work, 'project');
    mkdirSync(join(projectRoot, 'scripts'), { recursive: true });
    // A stand-in for scripts/build.ts that tells what it was given.
    writeFileSync(
      join(projectRoot, 'scripts', 'build.ts'),
      'console.log(JSON.stringify({ cache: process.env.NODE_COMPILE_CACHE ?? null, owner: process.env.OWNER_SETTING ?? null, dist: process.env.DIST_DIR }));\n',
    );
    process.env.NODE_COMPILE_CACHE = join(work, 'server-compile-cache');
    process.env.OWNER_SETTING = 'kept';
    const run = await buildRunner({ projectRoot, distDir: join(work, 'dist'), contentDir: join(work, 'content') })(
      () => {},
    );
    expect(run.ok).toBe(true);
    expect(JSON.parse(run.output)).toEqual({ cache: null, owner: 'kept', dist: join(work, 'dist') });
    expect(process.env.NODE_COMPILE_CACHE).toBe(join(work, 'server-compile-cache'));
  });

  it('runs a production build, whatever NODE_ENV and import.meta.env names the environment has', async () => {
    const projectRoot = join(work, 'production');
    mkdirSync(join(projectRoot, 'scripts'), { recursive: true });
    writeFileSync(
      join(projectRoot, 'scripts', 'build.ts'),
      'console.log(JSON.stringify({ dev: process.env.DEV ?? null, mode: process.env.MODE ?? null, nodeEnv: process.env.NODE_ENV }));\n',
    );
    Object.assign(process.env, { DEV: '1', MODE: 'test', NODE_ENV: 'test' });
    const run = await buildRunner({ projectRoot, distDir: join(work, 'dist'), contentDir: join(work, 'content') })(
      () => {},
    );
    expect(JSON.parse(run.output)).toEqual({ dev: null, mode: null, nodeEnv: 'production' });
  });

  it('kills the build when told to stop, and reports it failed', async () => {
    const projectRoot = join(work, 'endless');
    mkdirSync(join(projectRoot, 'scripts'), { recursive: true });
    // A build that would go on for a minute, printing its pid first.
    writeFileSync(
      join(projectRoot, 'scripts', 'build.ts'),
      'console.log(process.pid);\nsetTimeout(() => {}, 60_000);\n',
    );
    const stop = new AbortController();
    let pid = 0;
    const running = buildRunner({ projectRoot, distDir: join(work, 'dist'), contentDir: join(work, 'content') })(
      (line) => {
        pid = Number(line);
        stop.abort();
      },
      stop.signal,
    );
    const run = await running;
    expect(run.ok).toBe(false);
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow();
  });
});

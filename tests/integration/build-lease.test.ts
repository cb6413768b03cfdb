/**
 * The builder's lease over a real database: a server whose lease passed to another while it built
 * (the database out of its reach past the lease, or the server paused) stops its build, puts nothing
 * live, and leaves what was asked to the holder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDb, migrateDb, openDb, type Db } from '../../src/server/db/client';
import { createBuildAsks, LEASE_MS } from '../../src/server/writing/builds';
import { createPublisher, type BuildRun } from '../../src/server/writing/publisher';
import { sqlOn } from './databases';

const dir = mkdtempSync(join(tmpdir(), 'blog-build-lease-'));
const url = `file:${join(dir, 'blog.db')}`;
let db: Db;
beforeAll(async () => {
  db = await openDb(url);
  await migrateDb(db);
});
afterAll(async () => {
  await closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

it(
  'stops a build whose lease another server took, and leaves the ask to it',
  async () => {
    let started = false;
    let stopped = false;
    let live = 0;
    // The build runs until it is stopped: buildRunner.test.ts shows that stopping kills the real one.
    const build = (_onLine: unknown, stop: AbortSignal) =>
      new Promise<BuildRun>((resolve) => {
        started = true;
        stop.addEventListener('abort', () => {
          stopped = true;
          resolve({ ok: false, output: '' });
        });
      });
    const publisher = createPublisher({
      shared: createBuildAsks(db, 'this-server'),
      build,
      goLive: async () => void live++,
      settleMs: 10,
    });
    publisher.request();
    while (!started) await new Promise((resolve) => setTimeout(resolve, 20));
    // Another server holds the lease now, as one that found it run out would.
    await sqlOn(url, "UPDATE site_builds SET builder = 'other-server', lease_until = ?", [Date.now() + 60_000]);
    // The lease is renewed every third of its time: the next renewal finds it gone.
    for (let waited = 0; !stopped && waited < LEASE_MS / 3 + 5000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live).toBe(0);
    const [row] = await sqlOn(url, 'SELECT wanted_at, covered_at, builder FROM site_builds');
    expect(row.builder).toBe('other-server');
    expect(Number(row.covered_at)).toBeLessThan(Number(row.wanted_at));
  },
  LEASE_MS,
);

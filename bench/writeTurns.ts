/**
 * `npm run bench:turns`: the main thread's own writes (a comment, an order) while the group commit's
 * thread commits group after group, as in a burst of counting (src/server/db/writeTurns.ts). Prints
 * how long each write took, and how long the event loop went without a turn meanwhile: a write that
 * slept in SQLite's busy handler stopped the loop, and every request with it. The same loop is
 * measured first without the main thread's writes.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countHit } from '../src/server/budgets/table.ts';
import { migrateDb, openDb } from '../src/server/db/client.ts';
import { groupCommitOf } from '../src/server/db/groupCommitOf.ts';
import { percentile } from './lib/stats.ts';

const WRITES = 200;
const IN_FLIGHT = 64;
const SECONDS_ALONE = 3;

const dir = mkdtempSync(join(tmpdir(), 'blog-bench-turns-'));
const db = await openDb(`file:${join(dir, 'blog.db')}`);
await migrateDb(db);
const commit = groupCommitOf(db);
let flooding = true;
let grouped = 0;
const flood = async () => {
  while (flooding) await commit.run(countHit, `key ${grouped++ % 5000}`, 60_000);
};
const floods = Array.from({ length: IN_FLIGHT }, flood);

/** The event loop's gaps beyond a 1 ms timer while `during` runs. */
async function loopGaps(during: () => Promise<void>): Promise<number[]> {
  const gaps: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    gaps.push(Math.max(0, now - last - 1));
    last = now;
  }, 1);
  await during();
  clearInterval(timer);
  return gaps.sort((a, b) => a - b);
}

const ms = (value: number) => value.toFixed(1);
const row = (name: string, values: number[]) => ({
  测量: name,
  p50: ms(percentile(values, 0.5)),
  p99: ms(percentile(values, 0.99)),
  'p99.9': ms(percentile(values, 0.999)),
  最大: ms(values.at(-1) ?? 0),
});

try {
  const alone = await loopGaps(() => new Promise((resolve) => setTimeout(resolve, SECONDS_ALONE * 1000)));
  const writes: number[] = [];
  const beside = await loopGaps(async () => {
    for (let i = 0; i < WRITES; i++) {
      const started = performance.now();
      await db.transaction(async (tx) =>
        tx.run(sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${`main ${i}`}, 1, 0)`),
      );
      writes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  writes.sort((a, b) => a - b);
  console.log(`合并提交的线程一直有 ${IN_FLIGHT} 个写入在等；主线程同时写 ${WRITES} 次（每次一个事务），单位 ms：`);
  console.table([
    row('主线程的一次写入（含等轮次）', writes),
    row('事件循环的停顿：没有主线程的写入时', alone),
    row('事件循环的停顿：主线程写入时', beside),
  ]);
  console.log(`这期间线程提交了 ${grouped} 个合并写入`);
} finally {
  flooding = false;
  await Promise.all(floods);
  await commit.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}

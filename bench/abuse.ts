/**
 * `npm run bench:abuse`: one client trying to take the production server down, each attack for a few
 * seconds on a temp database, with another reader loading /home on fresh connections meanwhile. For
 * each attack it prints what the attacker got, the server's RSS peak, and the reader's p50 and p99
 * beside the same reader with no attack. The attacks (tests/integration/attacks.ts):
 * - counting beacons pipelined on 3 sockets, 50,000 each;
 * - ordinary API reads pipelined on 3 sockets, 50,000 each;
 * - 1,100 slow sockets from one address, a header line every 5 s.
 * `BENCH_SECONDS` sets how long each runs (default 15).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  beaconRequest,
  pipelineFlood,
  readRequest,
  rssMb,
  slowSockets,
  targetOf,
  underAttack,
  type AttackRun,
} from '../tests/integration/attacks.ts';
import { build, serve } from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const PER_SOCKET = 50_000;

build();
const work = mkdtempSync(join(tmpdir(), 'blog-abuse-'));
const server = await serve({
  DATABASE_URL: `file:${join(work, 'blog.db')}`,
  MUSIC_DIR: join(work, 'music'),
  LICENSE_KEY_DIR: work,
});
const target = targetOf(server.origin);

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');
const row = (name: string, run: AttackRun, attackerWords: string) =>
  `| ${name} | ${attackerWords} | ${run.alive ? `${Math.round(run.peakMb)} MB` : '服务器已退出'} | ${run.reader.requests} 次，失败 ${run.reader.failures} | ${ms(run.reader.p50)} | ${ms(run.reader.p99)} |`;

try {
  console.log(`启动后 RSS：${Math.round(rssMb(server.pid))} MB；每种攻击 ${SECONDS} 秒\n`);
  const rows: string[] = [];
  const quiet = await underAttack(server.pid, target, SECONDS, null);
  rows.push(row('没有攻击', quiet, '—'));

  const beacons = await underAttack(server.pid, target, SECONDS, (signal) =>
    pipelineFlood(target, beaconRequest(1), 3, PER_SOCKET, signal),
  );
  rows.push(
    row(
      '计数请求流水线（3 个连接 × 5 万）',
      beacons,
      `发出 ${beacons.attacker.sent}，收到回答 ${beacons.attacker.answered}`,
    ),
  );

  const reads = await underAttack(server.pid, target, SECONDS, (signal) =>
    pipelineFlood(target, readRequest, 3, PER_SOCKET, signal),
  );
  rows.push(
    row('读接口流水线（3 个连接 × 5 万）', reads, `发出 ${reads.attacker.sent}，收到回答 ${reads.attacker.answered}`),
  );

  const slow = await underAttack(server.pid, target, SECONDS, (signal) => slowSockets(target, 1100, 5000, signal));
  rows.push(
    row(
      '慢连接（同一地址 1100 个）',
      slow,
      `打开 ${slow.attacker.sent}，结束时仍被保持 ${slow.attacker.answered}，被拒或被关 ${slow.attacker.refused}`,
    ),
  );

  console.log('| 攻击 | 攻击者所得 | 服务器 RSS 峰值 | 另一读者的 /home（新连接，每 50 ms 一次） | p50 | p99 |');
  console.log('|---|---|---|---|---|---|');
  for (const line of rows) console.log(line);
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  console.log(`\n全部结束并安静 12 秒后 RSS：${Math.round(rssMb(server.pid))} MB`);
} finally {
  server.stop();
  rmSync(work, { recursive: true, force: true });
}

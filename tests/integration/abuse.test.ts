/**
 * One client cannot take the site down: against the production server, an attacker on its own
 * loopback address (127.0.0.2) floods it for a few seconds while another reader on 127.0.0.1 loads
 * /home on fresh connections. The server must stay up and under 300 MB, and the reader must get
 * every page, with p99 under a second. `npm run bench:abuse` prints the same attacks' figures.
 */
import { get } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTACKER_ADDRESS,
  beaconRequest,
  pipelineFlood,
  readRequest,
  slowSockets,
  targetOf,
  underAttack,
  type AttackRun,
  type Target,
} from './attacks';
import { startServer, type RunningServer } from './serve';

const SECONDS = 6;
const PER_SOCKET = 30_000;
const PER_ADDRESS = 32;

let server: RunningServer;
let target: Target;
beforeAll(async () => {
  // No TRUST_PROXY: every connection is a client of its own, as on a server facing the internet.
  server = await startServer({ MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) });
  target = targetOf(server.url);
});
afterAll(() => server?.stop());

function expectUnharmed(run: AttackRun) {
  expect(run.alive, '服务器仍在运行').toBe(true);
  expect(run.peakMb, '服务器 RSS 峰值（MB）').toBeLessThan(300);
  expect(run.reader.failures, '另一读者失败的请求').toBe(0);
  expect(run.reader.p99, '另一读者的 p99（ms）').toBeLessThan(1000);
}

describe('one client against the server', { timeout: 60_000 }, () => {
  it('counting beacons pipelined on 3 sockets: answered as read, the rest of the site unharmed', async () => {
    const run = await underAttack(server.pid, target, SECONDS, (signal) =>
      pipelineFlood(target, beaconRequest(1), 3, PER_SOCKET, signal),
    );
    expectUnharmed(run);
    expect(run.attacker.answered).toBeGreaterThan(0);
  });

  it('ordinary API reads pipelined on 3 sockets: the reader is not kept behind them', async () => {
    const run = await underAttack(server.pid, target, SECONDS, (signal) =>
      pipelineFlood(target, readRequest, 3, PER_SOCKET, signal),
    );
    expectUnharmed(run);
    expect(run.attacker.answered).toBeGreaterThan(0);
  });

  it('1,100 slow sockets from one address hold no more than its share, and other readers get in', async () => {
    const run = await underAttack(server.pid, target, SECONDS, (signal) => slowSockets(target, 1100, 2000, signal));
    expectUnharmed(run);
    expect(run.attacker.answered).toBeLessThanOrEqual(PER_ADDRESS);
    // Once the attacker has gone, its address may connect again.
    const again = await new Promise<number>((resolve) =>
      get({ ...target, path: '/home', localAddress: ATTACKER_ADDRESS, agent: false }, (res) =>
        resolve(res.resume().statusCode!),
      ).on('error', () => resolve(0)),
    );
    expect(again).toBe(200);
  });

  it('closes a new connection that sends nothing for 10 s', async () => {
    const socket = connect(target);
    const started = performance.now();
    await new Promise((resolve) => socket.once('close', resolve).on('error', () => {}));
    expect(performance.now() - started).toBeGreaterThan(9_000);
    expect(performance.now() - started).toBeLessThan(13_000);
  });
});

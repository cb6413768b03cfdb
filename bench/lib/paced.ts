/**
 * An evenly paced load: request n is due at n / rate seconds, whether or not earlier ones were
 * answered, and its latency counts from when it was due, so time spent queued behind a slow answer
 * is counted too (as wrk2 does). autocannon's own rate sends each second's share as fast as it can
 * and then waits for the next second: a burst at full speed once a second, which measures a
 * saturated server's queue, not how one load disturbs another at a reader's pace.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { nextAddress, type Phase, type PhaseResult } from './load.ts';
import { percentile } from './stats.ts';

/** How often due requests are sent: a timer's resolution. */
const TICK_MS = 1;

/** `rate` requests a second for `seconds`, over at most `connections` kept-alive connections; resolves once all are answered. */
export function runPaced(
  origin: string,
  phase: Phase,
  { rate, seconds }: { rate: number; seconds: number },
  connections: number,
): Promise<PhaseResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let sent = 0;
  let answered = 0;
  const start = performance.now();

  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      const elapsed = (performance.now() - start) / 1000;
      latencies.sort((a, b) => a - b);
      resolve({
        name: phase.name,
        ok,
        okPerSecond: ok / elapsed,
        p50: Math.round(percentile(latencies, 0.5)),
        p99: Math.round(percentile(latencies, 0.99)),
        failed,
      });
    };
    const settle = (due: number, success: boolean) => {
      if (success) {
        ok++;
        latencies.push(performance.now() - due);
      } else failed++;
      if (++answered === total) finish();
    };
    const send = (due: number) => {
      const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
      if (phase.body) headers['Content-Type'] = 'application/json';
      if (phase.ownAddress) headers['X-Forwarded-For'] = nextAddress();
      const req = request(origin + phase.path, { agent, method: phase.method ?? 'GET', headers }, (res) => {
        res.resume();
        res.on('end', () => settle(due, res.statusCode! >= 200 && res.statusCode! < 300));
      });
      req.on('error', () => settle(due, false));
      req.end(phase.body);
    };
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      while (sent < due) send(start + (sent++ * 1000) / rate);
      if (sent === total) clearInterval(timer);
    }, TICK_MS);
  });
}

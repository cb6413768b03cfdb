/**
 * One client trying to take the site down, and another reader trying to use it meanwhile: shared by
 * the abuse tests (abuse.test.ts) and `npm run bench:abuse`. The attacker connects from an address
 * of its own on loopback (127.0.0.2), as a client elsewhere would, so per-address limits apply to it
 * and not to the reader on 127.0.0.1.
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';

export const ATTACKER_ADDRESS = '127.0.0.2';
export const READER_ADDRESS = '127.0.0.1';

export interface Target {
  host: string;
  port: number;
}

export const targetOf = (origin: string): Target => {
  const { hostname, port } = new URL(origin);
  return { host: hostname, port: Number(port) };
};

/** What the attacker got out of it. */
export interface AttackFigures {
  /** Requests sent, or sockets opened. */
  sent: number;
  /** Answers read back, or sockets the server still held at the end. */
  answered: number;
  /** Sockets the server closed or refused. */
  refused: number;
}

/** Counts status lines in a stream of answers, across chunk boundaries. */
function answerCounter() {
  let tail = '';
  let count = 0;
  return {
    add(chunk: Buffer) {
      const text = tail + chunk.toString('latin1');
      count += text.split('HTTP/1.1 ').length - 1;
      tail = text.slice(-8);
    },
    get count() {
      return count;
    },
  };
}

/**
 * `sockets` connections each write `perSocket` copies of `rawRequest` at once, then read the answers
 * until `signal` aborts. No browser pipelines; a script can, at the cost of a few megabytes of upload.
 */
export async function pipelineFlood(
  target: Target,
  rawRequest: string,
  sockets: number,
  perSocket: number,
  signal: AbortSignal,
): Promise<AttackFigures> {
  const payload = Buffer.from(rawRequest.repeat(perSocket), 'latin1');
  const one = () =>
    new Promise<{ answered: number; refused: boolean }>((resolve) => {
      const answers = answerCounter();
      let refused = false;
      const socket = connect({ ...target, localAddress: ATTACKER_ADDRESS }, () => socket.write(payload));
      socket.on('data', (chunk) => answers.add(chunk));
      socket.on('error', () => (refused = true));
      const end = () => {
        socket.destroy();
        resolve({ answered: answers.count, refused });
      };
      socket.once('close', end);
      signal.addEventListener('abort', end, { once: true });
    });
  const results = await Promise.all(Array.from({ length: sockets }, one));
  return {
    sent: sockets * perSocket,
    answered: results.reduce((sum, { answered }) => sum + answered, 0),
    refused: results.filter(({ refused }) => refused).length,
  };
}

/**
 * Slowloris: `count` connections each send a request line and a Host line, then one more header line
 * every `everyMs`, never finishing the head. Reports how many the server still held at the end.
 */
export async function slowSockets(
  target: Target,
  count: number,
  everyMs: number,
  signal: AbortSignal,
): Promise<AttackFigures> {
  const open = new Set<Socket>();
  let refused = 0;
  const timers: NodeJS.Timeout[] = [];
  // Opened in small batches, as fast as the server takes them.
  for (let i = 0; i < count && !signal.aborted; i += 50) {
    await Promise.all(
      Array.from(
        { length: Math.min(50, count - i) },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect({ ...target, localAddress: ATTACKER_ADDRESS }, () => {
              socket.write('GET /home HTTP/1.1\r\nHost: localhost\r\n');
              open.add(socket);
              resolve();
            });
            socket.on('error', () => resolve());
            socket.once('close', () => {
              if (open.delete(socket) || !socket.remoteAddress) refused++;
              resolve();
            });
          }),
      ),
    );
  }
  let line = 0;
  timers.push(
    setInterval(() => {
      for (const socket of open) socket.write(`X-Slow-${line}: 1\r\n`);
      line++;
    }, everyMs),
  );
  await new Promise((resolve) =>
    signal.aborted ? resolve(null) : signal.addEventListener('abort', resolve, { once: true }),
  );
  for (const timer of timers) clearInterval(timer);
  const held = open.size;
  for (const socket of open) socket.destroy();
  return { sent: count, answered: held, refused };
}

/** What another reader saw: each request on a fresh connection from READER_ADDRESS. */
export interface ReaderFigures {
  requests: number;
  failures: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] : NaN;

/** GET `path` on a fresh connection every `everyMs` until `signal` aborts; a failure or a timeout counts as `timeoutMs`. */
export async function readerBeside(
  target: Target,
  path: string,
  everyMs: number,
  signal: AbortSignal,
  timeoutMs = 10_000,
): Promise<ReaderFigures> {
  const took: number[] = [];
  let failures = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const done = (ok: boolean) => {
        if (!ok) failures++;
        took.push(ok ? performance.now() - started : timeoutMs);
        resolve();
      };
      const req = request(
        {
          ...target,
          path,
          localAddress: READER_ADDRESS,
          agent: false,
          headers: { Connection: 'close' },
          timeout: timeoutMs,
        },
        (res) => {
          res.resume();
          res.once('end', () => done(res.statusCode === 200));
          res.once('error', () => done(false));
        },
      );
      req.once('timeout', () => req.destroy(new Error('timeout')));
      req.once('error', () => done(false));
      req.end();
    });
  const pending: Promise<void>[] = [];
  while (!signal.aborted) {
    pending.push(once());
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  await Promise.all(pending);
  const sorted = [...took].sort((a, b) => a - b);
  return { requests: took.length, failures, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/** The process's resident memory in MB; NaN once it is gone. */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return NaN;
  }
}

/** Samples the server's RSS every 100 ms until `signal` aborts: the peak, and whether the process was there to the end. */
export async function watchMemory(pid: number, signal: AbortSignal): Promise<{ peakMb: number; alive: boolean }> {
  let peakMb = 0;
  let alive = true;
  while (!signal.aborted) {
    const now = rssMb(pid);
    if (Number.isNaN(now)) alive = false;
    else peakMb = Math.max(peakMb, now);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (Number.isNaN(rssMb(pid))) alive = false;
  return { peakMb, alive };
}

export interface AttackRun {
  attacker: AttackFigures;
  reader: ReaderFigures;
  peakMb: number;
  alive: boolean;
}

/** Runs `attack` for `seconds` with a reader on /home beside it and the server's memory watched. */
export async function underAttack(
  pid: number,
  target: Target,
  seconds: number,
  attack: ((signal: AbortSignal) => Promise<AttackFigures>) | null,
): Promise<AttackRun> {
  const controller = new AbortController();
  const { signal } = controller;
  const attacking = attack ? attack(signal) : Promise.resolve({ sent: 0, answered: 0, refused: 0 });
  // The reader starts once the attack is under way.
  await new Promise((resolve) => setTimeout(resolve, attack ? 1000 : 0));
  const memory = watchMemory(pid, signal);
  const reader = readerBeside(target, '/home', 50, signal);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  controller.abort();
  const [attacker, readerFigures, { peakMb, alive }] = await Promise.all([attacking, reader, memory]);
  return { attacker, reader: readerFigures, peakMb, alive };
}

/** A counting beacon as a script would send it, with the header the API asks of a state-changing call, so it is counted. */
export const beaconRequest = (articleId: number) =>
  `PUT /api/article/view/${articleId} HTTP/1.1\r\nHost: localhost\r\nX-Requested-With: XMLHttpRequest\r\nContent-Length: 0\r\n\r\n`;
/** An ordinary API read. */
export const readRequest = 'GET /api/config HTTP/1.1\r\nHost: localhost\r\n\r\n';

/**
 * Answers sent before the request body was read (401, 403, 404, 413, 415, 400) reach a client
 * that is still sending a large body: the server reads and drops the rest before it closes, as
 * nginx's lingering close does, instead of a reset that loses the answer.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './serve';

let server: RunningServer;
beforeAll(async () => {
  // Each client comes from an address of its own, so no budget answers 429 in place of the status under test.
  server = await startServer({ TRUST_PROXY: 'loopback' });
});
afterAll(() => server?.stop());

const BODY_BYTES = 4 * 1024 * 1024;
const PIECE = Buffer.alloc(64 * 1024, 'a');
const AT_ONCE = 48;
const XHR: [string, string] = ['X-Requested-With', 'XMLHttpRequest'];

interface EarlyAnswer {
  name: string;
  status: number;
  method: string;
  target: string;
  headers: [string, string][];
  /** The server closes the connection after this answer, whatever the client asked. */
  closes?: boolean;
}

const KINDS: EarlyAnswer[] = [
  {
    name: 'a comment without a session',
    status: 401,
    method: 'POST',
    target: '/api/comment/add',
    headers: [XHR, ['Content-Type', 'text/plain']],
  },
  {
    name: 'an upload without a session',
    status: 401,
    method: 'POST',
    target: '/api/upload/img',
    headers: [XHR, ['Content-Type', 'multipart/form-data; boundary=x']],
  },
  {
    name: 'a state change without the XHR header',
    status: 403,
    method: 'POST',
    target: '/api/comment/add',
    headers: [['Content-Type', 'application/json']],
  },
  {
    name: 'an unknown API route',
    status: 404,
    method: 'PUT',
    target: '/api/no/such/route',
    headers: [XHR, ['Content-Type', 'application/octet-stream']],
  },
  {
    name: 'a JSON body over the limit',
    status: 413,
    method: 'POST',
    target: '/api/user/login',
    headers: [XHR, ['Content-Type', 'application/json']],
  },
  {
    name: 'a body in a charset the API does not read',
    status: 415,
    method: 'PUT',
    target: '/api/shop/machine/deactivate/%F0%9F%98%80/..',
    headers: [XHR, ['Content-Type', 'application/json; charset=latin1']],
  },
  {
    name: 'a path that does not decode',
    status: 400,
    method: 'POST',
    target: '/api/%E0%A4%A',
    headers: [XHR, ['Content-Type', 'application/json']],
  },
  {
    name: 'a method the HTTP parser refuses',
    status: 400,
    method: 'FOO',
    target: '/api/comment/add',
    headers: [XHR, ['Content-Type', 'text/plain']],
    closes: true,
  },
];

interface Outcome {
  status: number | null;
  /** The status of a second, small request on the same connection, when it was kept alive. */
  followUp: number | null;
  error: string | null;
}

/**
 * One client: sends the head, then the whole body in pieces as fast as the socket takes them,
 * whatever arrives meanwhile, as a browser uploading a file does; it closes its side only when it
 * has sent everything and the server has closed its own. With `keepAlive`, a small GET follows on
 * the same connection once the body is out.
 */
function send(origin: string, kind: EarlyAnswer, keepAlive: boolean, client: number): Promise<Outcome> {
  const { hostname, port } = new URL(origin);
  const head = [
    `${kind.method} ${kind.target} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    ...kind.headers.map(([n, v]) => `${n}: ${v}`),
    `X-Forwarded-For: 10.18.${client >> 8}.${client & 255}`,
    `Content-Length: ${BODY_BYTES}`,
  ];
  if (!keepAlive) head.push('Connection: close');
  return new Promise((resolve) => {
    const outcome: Outcome = { status: null, followUp: null, error: null };
    let received = Buffer.alloc(0);
    let sent = 0;
    let serverClosed = false;
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    const endWhenBothDone = () => {
      if (sent >= BODY_BYTES && serverClosed) socket.end();
    };
    socket.on('error', (error: NodeJS.ErrnoException) => (outcome.error = error.code ?? error.message));
    socket.on('close', () => {
      // The answers' status lines, in order: the early answer, then the follow-up's.
      const [first, second] = [...received.toString('latin1').matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) =>
        Number(match[1]),
      );
      resolve({ ...outcome, status: first ?? null, followUp: second ?? null });
    });
    socket.on('end', () => {
      serverClosed = true;
      endWhenBothDone();
    });
    socket.on('data', (chunk) => (received = Buffer.concat([received, chunk])));
    const pump = () => {
      while (sent < BODY_BYTES) {
        const piece = PIECE.subarray(0, Math.min(PIECE.length, BODY_BYTES - sent));
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
      // The connection is usable again once the body is out; the server closes it after this one.
      if (keepAlive && !kind.closes)
        socket.write(`GET /api/config HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
      endWhenBothDone();
    };
    socket.once('connect', () => {
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      pump();
    });
  });
}

describe('early answers to large bodies', () => {
  it('each kind answers its status (checked one at a time)', async () => {
    for (const [i, kind] of KINDS.entries()) {
      const outcome = await send(server.url, kind, false, 1000 + i);
      expect({ kind: kind.name, ...outcome }).toEqual({
        kind: kind.name,
        status: kind.status,
        followUp: null,
        error: null,
      });
    }
  });

  it(`reach every client, ${AT_ONCE} of each kind at once, and a kept-alive connection stays usable`, async () => {
    const tries = KINDS.flatMap((kind) =>
      Array.from({ length: AT_ONCE }, (_, i) => ({ kind, keepAlive: i % 2 === 0 })),
    );
    const outcomes = await Promise.all(tries.map(({ kind, keepAlive }, i) => send(server.url, kind, keepAlive, i)));
    const wrong = outcomes
      .map((outcome, i) => ({
        kind: tries[i].kind.name,
        keepAlive: tries[i].keepAlive,
        expected: tries[i].kind.status,
        ...outcome,
      }))
      .filter(
        (o, i) =>
          o.error !== null || o.status !== o.expected || (o.keepAlive && !tries[i].kind.closes && o.followUp !== 200),
      );
    const byKind = Object.groupBy(
      wrong,
      (o) => `${o.kind}${o.keepAlive ? '（保持连接）' : ''}: ${o.error ?? o.status}/${o.followUp}`,
    );
    const summary = Object.entries(byKind).map(([what, list]) => `${list!.length} × ${what}`);
    expect(summary, `${wrong.length} of ${tries.length} went wrong`).toEqual([]);
    // The server is still up and answers a reader.
    expect((await fetch(`${server.url}/home`)).status).toBe(200);
  }, 120_000);

  it('stop reading a body far over the cap', async () => {
    const { hostname, port } = new URL(server.url);
    const huge = 256 * 1024 * 1024;
    // A client that goes on sending after the answer, until the server cuts it.
    const sent = await new Promise<number>((resolve) => {
      let count = 0;
      const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true }, () => {
        socket.write(
          `POST /api/upload/img HTTP/1.1\r\nHost: ${hostname}\r\nX-Requested-With: XMLHttpRequest\r\nContent-Type: multipart/form-data; boundary=x\r\nX-Forwarded-For: 10.19.0.1\r\nContent-Length: ${huge}\r\nConnection: close\r\n\r\n`,
        );
        const pump = () => {
          while (count < huge && !socket.destroyed) {
            count += PIECE.length;
            if (!socket.write(PIECE)) return void socket.once('drain', pump);
          }
          socket.end();
        };
        pump();
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve(count));
    });
    expect(sent).toBeLessThan(huge / 4);
    expect((await fetch(`${server.url}/home`)).status).toBe(200);
  });
});

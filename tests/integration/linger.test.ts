/**
 * The limits of a lingering close, on a plain Node server with short limits: a client that stops
 * sending, or sends for too long, is cut, and one that sends its body in full reads the answer.
 */
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerAfterEarlyAnswers, type LingerLimits } from '../../src/server/http/linger';

let server: Server;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that refuses every request at once, and tells when its side of a connection closes. */
async function refusingServer(limits: LingerLimits) {
  const closed: Promise<void>[] = [];
  server = createServer((req, res) => {
    closed.push(new Promise((resolve) => req.socket.once('close', () => resolve())));
    res.writeHead(401, { 'Content-Type': 'text/plain', Connection: 'close' }).end('请先登录');
  });
  lingerAfterEarlyAnswers(server, limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, closed };
}

/** A client that keeps its side open after the server's answer, as one still uploading does. */
function client(port: number, bodyBytes: number): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
      socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${bodyBytes}\r\n\r\n`);
      let received = '';
      const answer = new Promise<string>((done) => {
        socket.on('data', (chunk) => (received += chunk));
        socket.once('end', () => done(received));
      });
      socket.on('error', () => {});
      resolve({ socket, answer });
    });
  });
}

describe('lingering close', () => {
  it('cuts a client that stops sending once it has been idle too long', async () => {
    const { port, closed } = await refusingServer({ maxBytes: 1 << 20, idleMs: 100, maxMs: 60_000 });
    const { socket, answer } = await client(port, 1000);
    socket.write('x'.repeat(10));
    expect(await answer).toMatch(/^HTTP\/1\.1 401/);
    // The client never sends the rest nor closes; the server lets go of it all the same.
    await closed[0];
    socket.destroy();
  });

  it('cuts a client that keeps sending past the lingering time, however steadily', async () => {
    const { port, closed } = await refusingServer({ maxBytes: 1 << 30, idleMs: 60_000, maxMs: 200 });
    const { socket, answer } = await client(port, 1 << 30);
    const trickle = setInterval(() => socket.write('x'), 20);
    expect(await answer).toMatch(/^HTTP\/1\.1 401/);
    await closed[0];
    clearInterval(trickle);
    socket.destroy();
  });

  it('reads the rest of the body sent after its answer, then closes without a reset', async () => {
    const { port, closed } = await refusingServer({ maxBytes: 1 << 20, idleMs: 60_000, maxMs: 60_000 });
    const { socket, answer } = await client(port, 64 * 16_384);
    let failed: Error | null = null;
    socket.on('error', (error) => (failed = error));
    socket.write(Buffer.alloc(16_384, 'x'));
    expect(await answer).toContain('请先登录');
    // Only now the rest: a server that had closed would answer these pieces with a reset.
    for (let i = 1; i < 64; i++)
      await new Promise<void>((resolve) => socket.write(Buffer.alloc(16_384, 'x'), () => resolve()));
    socket.end();
    await closed[0];
    if (!socket.closed) await new Promise((resolve) => socket.once('close', resolve));
    expect(failed).toBeNull();
  });
});

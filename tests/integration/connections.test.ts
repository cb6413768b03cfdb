/** Slow or idle clients cannot hold the server's sockets: timeouts answer 408 and close, and connections are capped. */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './serve';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ REQUEST_TIMEOUT_SECONDS: '2', MAX_CONNECTIONS: '8' });
});
afterAll(() => server?.stop());

/** Opens a connection, sends `bytes`, then nothing; answers what came back once the server closed it. */
function sendAndWait(bytes: string): Promise<{ answer: string; socket: Socket }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect({ port: Number(port), host: hostname }, () => socket.write(bytes));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ answer, socket }));
  });
}

describe('connection limits', () => {
  it('answers 408 and closes a request whose head never finishes', async () => {
    const { answer } = await sendAndWait('GET /home HTTP/1.1\r\nHost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a request whose body stops coming', async () => {
    const { answer } = await sendAndWait(
      'POST /api/comment/add HTTP/1.1\r\nHost: x\r\nX-Requested-With: XMLHttpRequest\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"content":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes connections past the cap as they arrive, and serves again once they are gone', async () => {
    const { hostname, port } = new URL(server.url);
    const open = (): Promise<Socket> =>
      new Promise((resolve) => {
        const socket = connect({ port: Number(port), host: hostname }, () => resolve(socket));
        socket.on('error', () => {});
      });
    const idle = await Promise.all(Array.from({ length: 8 }, open));
    const extra = await open();
    // The server closes the extra one without reading it.
    await new Promise((resolve) => (extra.closed ? resolve(null) : extra.once('close', resolve)));
    for (const socket of idle) socket.destroy();
    // Once they are gone the server serves again (it counts its connections as they close).
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = await fetch(`${server.url}/home`).then(
        (res) => res.status,
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  });
});

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { aFewAtATime } from '../../src/server/http/pipelining';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A server with `handler` behind the limit, and one raw connection to it whose answers collect in `answers()`. */
async function connectionTo(handler: (req: IncomingMessage, res: ServerResponse) => void, limit: number) {
  const server = createServer(aFewAtATime(handler, limit)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  let answers = '';
  socket.on('data', (chunk) => (answers += chunk));
  return {
    socket,
    answers: () => answers,
    close: () => (socket.destroy(), server.close()),
  };
}

describe('a few requests of one connection at a time', () => {
  it('serves at most the limit of a pipelining connection at once, the rest in order as earlier ones end, and answers all in order', async () => {
    const held: { n: string; res: ServerResponse }[] = [];
    let most = 0;
    const { socket, answers, close } = await connectionTo((req, res) => {
      held.push({ n: req.url!.slice(1), res });
      most = Math.max(most, held.length);
    }, 3);
    try {
      socket.write(Array.from({ length: 10 }, (_, i) => `GET /${i} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
      while (held.length < 3) await turn();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(held.map(({ n }) => n)).toEqual(['0', '1', '2']);
      // Answered out of order, still sent in order: the later ones follow as slots free.
      const answered = () => answers().split('HTTP/1.1 200').length - 1;
      for (let i = 0; i < 200 && answered() < 10; i++) {
        const last = held.pop();
        last?.res.end(last.n);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const bodies = answers()
        .split('HTTP/1.1 200')
        .slice(1)
        .map((answer) => answer.trim().split('\r\n').at(-1));
      expect(bodies).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
      expect(most).toBe(3);
    } finally {
      close();
    }
  });

  it('reads the body of the last request that waited once its turn comes', async () => {
    let inProgress = 0;
    const { socket, answers, close } = await connectionTo((req, res) => {
      inProgress++;
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => setTimeout(() => (inProgress--, res.end(`${req.url}:${body}`)), 20));
    }, 1);
    try {
      // The second request's body arrives after its head, while it waits for the first.
      socket.write('GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhe');
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.write('llo');
      for (let i = 0; i < 100 && !answers().includes('/b:hello'); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(answers()).toContain('/a:');
      expect(answers()).toContain('/b:hello');
      expect(inProgress).toBe(0);
    } finally {
      close();
    }
  });
});

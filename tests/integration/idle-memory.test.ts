/** The server gives back its grown heap once requests stop, and not while they come. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GROWTH_BYTES, releaseMemoryWhenQuiet, shouldRelease } from '../../src/server/http/idleMemory';

describe('shouldRelease', () => {
  const grown = { heapBytes: 100 * 1024 * 1024, heapBytesAfterRelease: 100 * 1024 * 1024 - GROWTH_BYTES };
  it('collects after a spell without requests, once the heap has grown enough', () => {
    expect(shouldRelease({ requests: 0, ...grown })).toBe(true);
  });
  it('never while requests come in, nor for a heap that grew by less', () => {
    expect(shouldRelease({ requests: 1, ...grown })).toBe(false);
    expect(
      shouldRelease({
        requests: 0,
        heapBytes: grown.heapBytes,
        heapBytesAfterRelease: grown.heapBytesAfterRelease + 1,
      }),
    ).toBe(false);
  });
});

describe('releaseMemoryWhenQuiet', () => {
  const QUIET_MS = 500;
  let server: Server;
  let stop = () => {};
  afterEach(async () => {
    stop();
    await new Promise((resolve) => server.close(resolve));
  });

  it('collects once after the requests stop, with the heap grown meanwhile, and not again until it grows again', async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const collections: unknown[] = [];
    stop = releaseMemoryWhenQuiet(server, (options) => collections.push(options), QUIET_MS);

    // A burst that leaves the heap larger, as one leaves the server's.
    const held: object[] = [];
    const until = Date.now() + 3 * QUIET_MS;
    while (Date.now() < until) {
      for (let i = 0; i < 5_000; i++) held.push({ i, text: `对象 ${i}` });
      await fetch(url).then((res) => res.text());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(collections).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 3 * QUIET_MS));
    expect(collections).toEqual([{ type: 'major', execution: 'sync', flavor: 'last-resort' }]);
    await new Promise((resolve) => setTimeout(resolve, 3 * QUIET_MS));
    expect(collections).toHaveLength(1);
    expect(held.length).toBeGreaterThan(0);
  });

  it("does nothing without V8's gc (a server started without --expose-gc)", () => {
    server = createServer();
    stop = releaseMemoryWhenQuiet(server, undefined, QUIET_MS);
    expect(server.listenerCount('request')).toBe(0);
  });
});

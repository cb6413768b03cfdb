import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './serve';
import { getJson } from './music';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('/wapi request budget', () => {
  it('answers 429 with a Chinese msg once an address passes 300 calls a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await fetch(`${server.url}/wapi/toplist/detail`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await getJson(server.url, '/wapi/toplist/detail');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('60');
    expect(over.body).toEqual({ code: 429, msg: '请求太频繁，请稍后再试' });
  });
});

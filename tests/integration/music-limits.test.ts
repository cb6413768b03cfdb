import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './serve';
import { getJson } from './music';

let server: RunningServer;
beforeAll(async () => {
  // Trusting the loopback proxy lets each test act from an address of its own.
  server = await startServer({ TRUST_PROXY: 'loopback' });
});
afterAll(() => server?.stop());

const from = (ip: string) => ({ 'X-Forwarded-For': ip });

describe('/wapi request budget', () => {
  it('answers 429 with a Chinese msg once an address passes 300 calls a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++)
      statuses.push((await fetch(`${server.url}/wapi/toplist/detail`, { headers: from('10.7.0.1') })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await getJson(server.url, '/wapi/toplist/detail', from('10.7.0.1'));
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('60');
    expect(over.body).toEqual({ code: 429, msg: '请求太频繁，请稍后再试' });
    expect((await getJson(server.url, '/wapi/toplist/detail', from('10.7.0.2'))).status).toBe(200);
  });

  it('limits pictures per address too, on a budget of their own', async () => {
    const { list } = (await getJson(server.url, '/wapi/toplist/detail', from('10.7.1.1'))).body;
    const cover = `${server.url}${list[0].coverImgUrl}`;
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await fetch(cover, { headers: from('10.7.1.2') })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await fetch(cover, { headers: from('10.7.1.2') });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('60');
    expect(over.headers.get('cache-control')).toBe('no-store');
    expect(await over.json()).toEqual({ code: 429, msg: '请求太频繁，请稍后再试' });
    expect((await fetch(cover, { headers: from('10.7.1.3') })).status).toBe(200);
    expect((await getJson(server.url, '/wapi/toplist/detail', from('10.7.1.2'))).status).toBe(200);
  });
});

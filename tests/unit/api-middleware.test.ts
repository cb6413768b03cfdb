import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrors, timeout } from '../../src/server/api/middleware';

let base = '';
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(timeout(50));
  app.get('/boom', () => {
    throw new Error('SQLITE_CORRUPT: secret detail at /srv/data/blog.db');
  });
  // As Drizzle reports a query that waited for the write lock in vain: the driver's error is the cause.
  app.get('/busy', () => {
    throw new Error('Failed query: INSERT INTO comments ...', {
      cause: Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' }),
    });
  });
  app.get('/slow', (_req, res) => void setTimeout(() => !res.headersSent && res.json({ late: true }), 300));
  app.use(apiErrors());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('API error handling', () => {
  it('turns an unexpected error into a 500 envelope without details', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetch(`${base}/boom`);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ code: 500, message: '服务器开小差了，请稍后再试' });
    expect(text).not.toMatch(/SQLITE|secret|\/srv|at /);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('says the database is busy when a write waited for the lock in vain, still without details', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetch(`${base}/busy`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: 500, message: '数据库正忙，请稍后再试' });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('answers 408 when a handler takes too long', async () => {
    const res = await fetch(`${base}/slow`);
    expect(res.status).toBe(408);
    expect(await res.json()).toEqual({ code: 408, message: '请求超时，请稍后重试' });
  });
});

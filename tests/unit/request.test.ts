import { describe, expect, it, vi } from 'vitest';
import { createRequest, RequestError } from '../../src/lib/browser/request';

function setup(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const notice = vi.fn();
  const onUnauthorized = vi.fn();
  const fetch = vi.fn(async (url: string, init: RequestInit) => respond(url, init));
  const client = createRequest({ fetch: fetch as unknown as typeof globalThis.fetch, notice, onUnauthorized, timeoutMs: 50 });
  return { client, notice, onUnauthorized, fetch };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('request client', () => {
  it('sends JSON with credentials and X-Requested-With', async () => {
    const { client, fetch } = setup(() => json(200, { code: 0, message: 'ok', result: 7 }));
    const body = await client.put<number>('/api/x', { a: 1 });
    expect(body).toEqual({ code: 0, message: 'ok', result: 7 });
    const [, init] = fetch.mock.calls[0];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });
  });

  it('sends a form as multipart, leaving the Content-Type to the browser', async () => {
    const { client, fetch } = setup(() => json(200, { code: 0, message: 'ok' }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await client.post('/api/upload', form);
    const [, init] = fetch.mock.calls[0];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('can take a 401 quietly, for a logout whose session already expired', async () => {
    const { client, notice, onUnauthorized } = setup(() => json(401, { code: 401, message: '请先登录' }));
    await expect(client.request('POST', '/api/user/logout', {}, {}, { quiet401: true })).rejects.toMatchObject({ status: 401 });
    expect(notice).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('never sends Authorization: the session is the HttpOnly cookie', async () => {
    const { client, fetch } = setup(() => json(200, { code: 0, message: 'ok' }));
    await client.get('/api/x');
    expect(fetch.mock.calls[0][1].headers).not.toHaveProperty('Authorization');
  });

  it('shows a 温馨提示 notice for code 100 and still resolves', async () => {
    const { client, notice } = setup(() => json(200, { code: 100, message: '你已经点过赞啦', result: 3 }));
    await expect(client.put('/api/like')).resolves.toMatchObject({ code: 100, result: 3 });
    expect(notice).toHaveBeenCalledWith('温馨提示', '你已经点过赞啦', 'info');
  });

  it('on 401 notifies, clears the session and rejects', async () => {
    const { client, notice, onUnauthorized } = setup(() => json(401, { code: 401, message: '' }));
    await expect(client.get('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(notice).toHaveBeenCalledWith('错误提示', '登录已过期，请重新登录', 'error');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it.each([
    [403, '没有权限删除', '没有权限删除'],
    [403, '', '权限不足'],
    [404, '', '接口不存在'],
    [408, '', '服务器错误'],
    [500, '数据库忙', '数据库忙'],
    [500, '', '服务器错误'],
  ])('on %i shows %s → %s and rejects', async (status, serverMessage, shown) => {
    const { client, notice, onUnauthorized } = setup(() => json(status, { code: status, message: serverMessage }));
    await expect(client.get('/api/x')).rejects.toMatchObject({ constructor: RequestError, noticed: true });
    expect(notice).toHaveBeenCalledWith(expect.any(String), shown, expect.any(String));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([400, 413, 429, 502])('rejects %i silently', async (status) => {
    const { client, notice } = setup(() => json(status, { code: status, message: '出错了', result: { fields: ['x'] } }));
    const error = await client.get('/api/x').catch((e) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error.status).toBe(status);
    expect(error.body.result.fields).toEqual(['x']);
    expect(error.noticed).toBe(false);
    expect(notice).not.toHaveBeenCalled();
  });

  it('times out after the limit with a notice', async () => {
    const { client, notice } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    await expect(client.get('/api/slow')).rejects.toMatchObject({ status: 408, noticed: true });
    expect(notice).toHaveBeenCalledWith('温馨提示', '请求超时，请稍后重试', 'warning');
  });
});

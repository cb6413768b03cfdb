import { describe, expect, it, vi } from 'vitest';
import {
  ARTICLE_ADD_READING,
  ARTICLE_HOT,
  ARTICLE_LIKE,
  COMMENT_REMOVE,
  SITE_CONFIG,
  UPLOAD_IMAGE,
  USER_INFO,
  USER_LOGOUT,
  USER_UPDATE,
  WRITING_ARTICLES,
  WRITING_IMAGE,
  WRITING_PUBLISH,
} from '../../src/contract/routes';
import { createRequest, OFFLINE_MESSAGE, requestOf, RequestError } from '../../src/lib/browser/request';

function setup(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const notice = vi.fn();
  const onUnauthorized = vi.fn();
  const fetch = vi.fn(async (url: string, init: RequestInit) => respond(url, init));
  const client = createRequest({
    fetch: fetch as unknown as typeof globalThis.fetch,
    notice,
    onUnauthorized,
    timeoutMs: 50,
  });
  return { client, notice, onUnauthorized, fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('request client', () => {
  it('sends JSON with credentials and X-Requested-With', async () => {
    const { client, fetch } = setup(() => json(200, { code: 0, message: 'ok', result: 7 }));
    const body = await client.call(USER_UPDATE, { nick_name: '小明' });
    expect(body).toEqual({ code: 0, message: 'ok', result: 7 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/user/updateOwnUserInfo');
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"nick_name":"小明"}');
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });
  });

  it('sends a form as multipart, leaving the Content-Type to the browser', async () => {
    const { client, fetch } = setup(() => json(200, { code: 0, message: 'ok' }));
    await client.call(UPLOAD_IMAGE, { file: new File(['x'], 'a.png') });
    const [, init] = fetch.mock.calls[0];
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toMatchObject({ name: 'a.png', size: 1 });
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('can take a 401 quietly, for a logout whose session already expired', async () => {
    const { client, notice, onUnauthorized } = setup(() => json(401, { code: 401, message: '请先登录' }));
    await expect(client.call(USER_LOGOUT, undefined, { quiet401: true })).rejects.toMatchObject({ status: 401 });
    expect(notice).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('never sends Authorization: the session is the HttpOnly cookie', async () => {
    const { client, fetch } = setup(() => json(200, { code: 0, message: 'ok' }));
    await client.call(SITE_CONFIG);
    expect(fetch.mock.calls[0][1].headers).not.toHaveProperty('Authorization');
  });

  it('shows a 温馨提示 notice for code 100 and still resolves', async () => {
    const { client, notice } = setup(() => json(200, { code: 100, message: '你已经点过赞啦', result: 3 }));
    await expect(client.call(ARTICLE_LIKE, { id: 1 })).resolves.toMatchObject({ code: 100, result: 3 });
    expect(notice).toHaveBeenCalledWith('温馨提示', '你已经点过赞啦', 'info');
  });

  it('on 401 notifies, clears the session and rejects', async () => {
    const { client, notice, onUnauthorized } = setup(() => json(401, { code: 401, message: '' }));
    await expect(client.call(USER_INFO)).rejects.toMatchObject({ status: 401 });
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
    await expect(client.call(SITE_CONFIG)).rejects.toMatchObject({ constructor: RequestError, noticed: true });
    expect(notice).toHaveBeenCalledWith(expect.any(String), shown, expect.any(String));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([400, 413, 429, 502])('rejects %i silently', async (status) => {
    const { client, notice } = setup(() =>
      json(status, { code: status, message: '出错了', result: { fields: ['x'] } }),
    );
    const error: unknown = await client.call(SITE_CONFIG).catch((e: unknown) => e);
    if (!(error instanceof RequestError)) throw new Error('the call should have been refused');
    expect(error.status).toBe(status);
    expect(error.body?.result).toEqual({ fields: ['x'] });
    expect(error.noticed).toBe(false);
    expect(notice).not.toHaveBeenCalled();
  });

  it('times out after the limit with a notice', async () => {
    const { client, notice } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    await expect(client.call(ARTICLE_HOT)).rejects.toMatchObject({ status: 408, noticed: true });
    expect(notice).toHaveBeenCalledWith('温馨提示', '请求超时，请稍后重试', 'warning');
  });

  it('sends nothing while the device is offline, and rejects at once without a notice', async () => {
    let offline = true;
    const notice = vi.fn();
    const fetch = vi.fn(async () => json(200, { code: 0, message: '', result: 1 }));
    const client = createRequest({
      fetch: fetch as unknown as typeof globalThis.fetch,
      notice,
      offline: () => offline,
    });
    await expect(client.call(ARTICLE_HOT)).rejects.toMatchObject({
      status: 0,
      message: OFFLINE_MESSAGE,
      noticed: true,
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(notice).not.toHaveBeenCalled();
    offline = false;
    await expect(client.call(ARTICLE_HOT)).resolves.toMatchObject({ result: 1 });
    expect(fetch).toHaveBeenCalledOnce();
  });
});

describe('what a call sends', () => {
  it('puts the path parameters in their place and sends a PUT with nothing left without a body', () => {
    expect(requestOf(ARTICLE_ADD_READING, { id: 7, duration: 30_000 })).toEqual({
      method: 'PUT',
      url: '/api/article/addReadingDuration/7/30000',
    });
  });

  it('leaves an optional part of the path out when it is not given', () => {
    expect(requestOf(COMMENT_REMOVE, { id: 5, parent_id: 0 }).url).toBe('/api/comment/delete/5/0');
    expect(requestOf(COMMENT_REMOVE, { id: 5 })).toEqual({ method: 'DELETE', url: '/api/comment/delete/5' });
  });

  it('sends the rest of a GET as its query, leaving out the empty values', () => {
    expect(requestOf(WRITING_ARTICLES, { status: 'draft', keyword: '', current: 2, size: 20 })).toEqual({
      method: 'GET',
      url: '/api/admin/writing/articles?status=draft&current=2&size=20',
    });
  });

  it('sends the rest of a POST or PUT as its body, and a POST always an object', () => {
    expect(requestOf(USER_UPDATE, { nick_name: 'x' })).toEqual({
      method: 'PUT',
      url: '/api/user/updateOwnUserInfo',
      body: '{"nick_name":"x"}',
    });
    expect(requestOf(WRITING_PUBLISH, undefined)).toEqual({
      method: 'POST',
      url: '/api/admin/writing/publish',
      body: '{}',
    });
  });

  it('sends an upload’s files as a form and the rest of its input as the query', () => {
    const file = new Blob(['png']);
    const { method, url, body } = requestOf(WRITING_IMAGE, { file, use: 'covers' });
    expect([method, url]).toEqual(['POST', '/api/admin/writing/images?use=covers']);
    expect(body).toBeInstanceOf(FormData);
    expect([...(body as FormData).keys()]).toEqual(['file']);
  });
});

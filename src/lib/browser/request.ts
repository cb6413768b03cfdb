/**
 * The request client every island uses: an endpoint called by its route (contract/routes.ts), JSON
 * with credentials and X-Requested-With, a 10 s timeout, the envelope (docs/api.md §1.2) checked,
 * and a notice for each status the reader must hear of. Side effects (notices, logging out) are
 * injected, so the rules are testable without a browser.
 */
import { TIP_CODE, type Envelope, type FieldErrors } from '../../contract/envelope.ts';
import { splitRoute, type AnswerOf, type Bare, type HttpMethod, type InputOf, type Route } from '../../contract/routes.ts';
import { fillPath, withQuery } from '../shared/paths.ts';

export type NoticeKind = 'info' | 'warning' | 'error';

export interface RequestDeps {
  fetch: typeof fetch;
  notice: (title: string, message: string, kind: NoticeKind) => void;
  /** The session is gone: forget the user and send them to /login. */
  onUnauthorized?: () => void;
  timeoutMs?: number;
}

export const REQUEST_TIMEOUT_MS = 10_000;

/** A rejected call: `status` is the HTTP status (0 for network failures and timeouts on our side). */
export class RequestError extends Error {
  status: number;
  body?: Envelope;
  /** The reader has already been told (a notice was shown), so callers need not say it again. */
  noticed: boolean;

  constructor(status: number, message: string, body?: Envelope, noticed = false) {
    super(message);
    this.status = status;
    this.body = body;
    this.noticed = noticed;
  }
}

/** A refused call, as a screen tells it to the reader. */
export interface Refusal {
  /**
   * The server's own words when it refused the request itself (a 4xx: a rule, a limit, something
   * missing), else `fallback`: a timeout, a lost connection or a server error has no words worth
   * showing, and the fallback says what became of the reader's input.
   */
  message: string;
  /** A notice has already told the reader, so a toast would only say it twice. */
  noticed: boolean;
  /** The input fields the server named (a 400), the one to fix first first. */
  fields: string[];
}

/** What to tell the reader about a failed call: the one rule every store and form uses. */
export function refusalOf(error: unknown, fallback: string): Refusal {
  const refused = error instanceof RequestError ? error : undefined;
  return {
    message: (refused && refused.status >= 400 && refused.status < 500 && refused.body?.message) || fallback,
    noticed: refused?.noticed === true,
    fields: (refused?.body?.result as Partial<FieldErrors> | undefined)?.fields ?? [],
  };
}

const TITLES = { tip: '温馨提示', error: '错误提示' } as const;

/** What the reader is told for each listed status; other statuses reject silently. */
function noticeFor(status: number, message: string | undefined): [string, string, NoticeKind] | null {
  switch (status) {
    case 401:
      return [TITLES.error, message || '登录已过期，请重新登录', 'error'];
    case 403:
      return [TITLES.error, message || '权限不足', 'error'];
    case 404:
      return [TITLES.error, message || '接口不存在', 'error'];
    case 408:
      return [TITLES.tip, message || '服务器错误', 'warning'];
    case 500:
      return [TITLES.error, message || '服务器错误', 'error'];
    default:
      return null;
  }
}

/**
 * What a call of `route` with `input` sends. The path's parameters are taken from the input; what
 * is left goes in the query of a GET or DELETE, in the JSON body of a POST or PUT (a POST's is an
 * object even when empty; a PUT with nothing left sends none), and for an upload, whose input holds
 * files, the files go as a multipart form and the rest in the query.
 */
export function requestOf(route: Route, input: object | undefined): { method: HttpMethod; url: string; body?: unknown } {
  const { method, path } = splitRoute(route);
  const values: Record<string, unknown> = { ...input };
  const url = fillPath(path, values);
  for (const [, name] of path.matchAll(/:(\w+)/g)) delete values[name];
  const files = Object.entries(values).filter((entry): entry is [string, Blob] => entry[1] instanceof Blob);
  if (files.length) {
    const form = new FormData();
    for (const [name, file] of files) {
      form.append(name, file);
      delete values[name];
    }
    return { method, url: withQuery(url, values), body: form };
  }
  if (method === 'GET' || method === 'DELETE') return { method, url: withQuery(url, values) };
  if (method === 'PUT' && Object.keys(values).length === 0) return { method, url };
  return { method, url, body: values };
}

export interface CallOptions {
  /** A 401 is no news (the session may well have ended): no notice, and no trip to the login page. */
  quiet401?: boolean;
  /** The call outlives the page (a report sent as the reader leaves). */
  keepalive?: boolean;
}

/** The input and options of a call of `R`: no input for an endpoint that takes none. An endpoint whose answer is not an envelope is not called this way. */
export type CallArgs<R extends Route> =
  AnswerOf<R> extends Bare<unknown> ? [never] : [InputOf<R>] extends [void] ? [input?: undefined, options?: CallOptions] : [input: InputOf<R>, options?: CallOptions];

/** The envelope a call of `R` answers. */
export type Answered<R extends Route> = Envelope<AnswerOf<R>>;

export function createRequest(deps: RequestDeps) {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function request<T>(method: string, url: string, body: unknown, init: RequestInit, { quiet401 = false }: CallOptions): Promise<Envelope<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    // A form (file upload) sets its own multipart Content-Type with the boundary.
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await deps.fetch(url, {
        method,
        credentials: 'include',
        headers,
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        ...init,
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const message = timedOut ? '请求超时，请稍后重试' : '网络连接失败，请检查网络';
      deps.notice(TITLES.tip, message, 'warning');
      throw new RequestError(timedOut ? 408 : 0, message, undefined, true);
    }

    let envelope: Envelope<T> | undefined;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = undefined;
    }

    if (!response.ok) {
      const quiet = quiet401 && response.status === 401;
      const notice = quiet ? null : noticeFor(response.status, envelope?.message);
      if (notice) deps.notice(...notice);
      if (response.status === 401 && !quiet) deps.onUnauthorized?.();
      throw new RequestError(response.status, envelope?.message || response.statusText, envelope, notice !== null);
    }
    if (!envelope) throw new RequestError(response.status, '响应格式有误');
    if (envelope.code === TIP_CODE) deps.notice(TITLES.tip, envelope.message, 'info');
    return envelope;
  }

  /** Calls the endpoint of `route`: its method, its path, what it takes and what it answers are the route's. */
  function call<R extends Route>(route: R, ...[input, options = {}]: CallArgs<R>): Promise<Answered<R>> {
    const { method, url, body } = requestOf(route, input as object | undefined);
    return request(method, url, body, options.keepalive ? { keepalive: true } : {}, options);
  }

  return { call };
}

export type RequestClient = ReturnType<typeof createRequest>;

/**
 * The request client every island uses: JSON with credentials and X-Requested-With, a 10 s
 * timeout, the envelope (docs/api.md §1.2) checked, and a notice for each status the reader
 * must hear of. Side effects (notices, logging out) are injected, so the rules
 * are testable without a browser.
 */
import { TIP_CODE, type Envelope, type FieldErrors } from '../../contract/envelope.ts';

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

export function createRequest(deps: RequestDeps) {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function request<T = unknown>(method: string, url: string, body?: unknown, init: RequestInit = {}, { quiet401 = false } = {}): Promise<Envelope<T>> {
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

  return {
    request,
    get: <T>(url: string) => request<T>('GET', url),
    post: <T>(url: string, body?: unknown) => request<T>('POST', url, body ?? {}),
    put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body),
    del: <T>(url: string) => request<T>('DELETE', url),
  };
}

export type RequestClient = ReturnType<typeof createRequest>;

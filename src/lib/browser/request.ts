/**
 * The request client every island uses: an endpoint called by its route (contract/routes.ts), JSON
 * with credentials and X-Requested-With, a 10 s timeout, the envelope (docs/api.md §1.2) checked,
 * and a notice for each status the reader must hear of. Side effects (notices, logging out) are
 * injected, so the rules are testable without a browser.
 */
import { TIP_CODE, type Envelope, type FieldErrors } from '../../contract/envelope.ts';
import {
  splitRoute,
  type AnswerOf,
  type Bare,
  type HttpMethod,
  type InputOf,
  type Route,
} from '../../contract/routes.ts';
import { takeIntoPath } from '../shared/paths.ts';
import { XHR_HEADERS } from './xhr.ts';

export type NoticeKind = 'info' | 'warning' | 'error';

export interface RequestDeps {
  /** The page's own `fetch` unless told otherwise (an upload that shows its progress). */
  fetch?: typeof fetch;
  notice: (title: string, message: string, kind: NoticeKind) => void;
  /** The session is gone: forget the user and send them to /login. */
  onUnauthorized?: () => void;
  timeoutMs?: number;
  /** Whether the device has no network at all (the browser's `navigator.onLine`, unless told otherwise). */
  offline?: () => boolean;
}

/** What a call made without a network answers, at once: the islands say it in their own line, so no notice. */
export const OFFLINE_MESSAGE = '离线中：需要联网才能使用';

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const REQUEST_TIMEOUT_MS = 10_000;

/** A rejected call: `status` is the HTTP status (0 for network failures and timeouts on our side). */
export class RequestError extends Error {
  declare status: number;
  declare body?: Envelope;
  /** The reader has already been told (a notice was shown), so callers need not say it again. */
  declare noticed: boolean;

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

const TIP = '温馨提示';
const ERROR = '错误提示';

/** What the reader is told for each listed status, unless the server said it in words of its own; other statuses reject silently. */
const NOTICES: Record<number, [string, string, NoticeKind]> = {
  401: [ERROR, '登录已过期，请重新登录', 'error'],
  403: [ERROR, '权限不足', 'error'],
  404: [ERROR, '接口不存在', 'error'],
  408: [TIP, '服务器错误', 'warning'],
  500: [ERROR, '服务器错误', 'error'],
};

/**
 * What a call of `route` with `input` sends. The path's parameters are taken from the input; what
 * is left goes in the query of a GET or DELETE, in the JSON body of a POST or PUT (a POST's is an
 * object even when empty; a PUT with nothing left sends none), and for an upload, whose input holds
 * files, the files go as a multipart form and the rest in the query.
 */
export function requestOf(
  route: Route,
  input: object | undefined,
): { method: HttpMethod; url: string; body?: string | FormData } {
  const { method, path } = splitRoute(route);
  const values: Record<string, unknown> = { ...input };
  const url = takeIntoPath(path, values);
  const query = new URLSearchParams();
  let form: FormData | undefined;
  for (const [name, value] of Object.entries(values)) {
    if (value instanceof Blob) (form ??= new FormData()).append(name, value);
    else if (value !== undefined && value !== null && value !== '') query.append(name, String(value));
  }
  const search = String(query);
  const queried = form || method === 'GET' || method === 'DELETE';
  return {
    method,
    url: queried && search ? `${url}?${search}` : url,
    body: queried ? form : method === 'PUT' && Object.keys(values).length === 0 ? undefined : JSON.stringify(values),
  };
}

export interface CallOptions {
  /** A 401 is no news (the session may well have ended): no notice, and no trip to the login page. */
  quiet401?: boolean;
  /** The call outlives the page (a report sent as the reader leaves). */
  keepalive?: boolean;
}

/** The input and options of a call of `R`: no input for an endpoint that takes none. An endpoint whose answer is not an envelope is not called this way. */
export type CallArgs<R extends Route> =
  AnswerOf<R> extends Bare<unknown>
    ? [never]
    : [InputOf<R>] extends [void]
      ? [input?: undefined, options?: CallOptions]
      : [input: InputOf<R>, options?: CallOptions];

/** The envelope a call of `R` answers. */
export type Answered<R extends Route> = Envelope<AnswerOf<R>>;

export function createRequest(deps: RequestDeps) {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

  /** Calls the endpoint of `route`: its method, its path, what it takes and what it answers are the route's. */
  async function call<R extends Route>(
    route: R,
    ...[input, { quiet401, keepalive } = {}]: CallArgs<R>
  ): Promise<Answered<R>> {
    const { method, url, body } = requestOf(route, input as object | undefined);
    const headers: Record<string, string> = { Accept: 'application/json', ...XHR_HEADERS };
    // A form (file upload) sets its own multipart Content-Type with the boundary.
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';

    // Not sent at all: the browser would log the failure as an error, and the reader knows already.
    if ((deps.offline ?? browserOffline)()) throw new RequestError(0, OFFLINE_MESSAGE, undefined, true);

    let response: Response;
    try {
      response = await (deps.fetch ?? fetch)(url, {
        method,
        credentials: 'include',
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
        keepalive,
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const message = timedOut ? '请求超时，请稍后重试' : '网络连接失败，请检查网络';
      deps.notice(TIP, message, 'warning');
      throw new RequestError(timedOut ? 408 : 0, message, undefined, true);
    }

    let envelope: Answered<R> | undefined;
    try {
      envelope = await response.json();
    } catch {
      envelope = undefined;
    }

    const { status } = response;
    if (!response.ok) {
      const quiet = quiet401 && status === 401;
      const notice = quiet ? undefined : NOTICES[status];
      if (notice) deps.notice(notice[0], envelope?.message || notice[1], notice[2]);
      if (status === 401 && !quiet) deps.onUnauthorized?.();
      throw new RequestError(status, envelope?.message || response.statusText, envelope, !!notice);
    }
    if (!envelope) throw new RequestError(status, '响应格式有误');
    if (envelope.code === TIP_CODE) deps.notice(TIP, envelope.message, 'info');
    return envelope;
  }

  return { call };
}

export type RequestClient = ReturnType<typeof createRequest>;

/**
 * Forwards the listed endpoints to a NeteaseCloudMusicApi-compatible server. Only the endpoint's
 * path and its validated parameters leave this server: no incoming header, cookie or raw query.
 */
import { ttlCache } from './cache.ts';
import { MusicError, UPSTREAM_TIMEOUT_MSG } from './errors.ts';
import { encodeParams, protocolPath, type AnyParams, type Endpoint, type MusicProvider } from './query.ts';
import { withArtists } from './shapes.ts';
import { trimEnd } from '../../lib/shared/trim.ts';

export interface UpstreamOptions {
  base: URL;
  timeoutMs: number;
  cacheEntries?: number;
  /** What the cached answers may take together, counted as the bytes of their JSON. */
  cacheBytes?: number;
  cacheTtlMs?: number;
  log?: (line: string) => void;
}

type Answer = { status: number; body: unknown };

const MAX_BODY_BYTES = 5 * 1024 * 1024;
const UNREACHABLE_MSG = '无法连接音乐服务，请稍后再试';
const GARBAGE_MSG = '音乐服务返回了无法识别的内容';

async function readCapped(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new MusicError(502, '音乐服务返回的内容过大');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function upstreamProvider({
  base,
  timeoutMs,
  cacheEntries = 300,
  cacheBytes = 32 * 1024 * 1024,
  cacheTtlMs = 5 * 60_000,
  log = console.error,
}: UpstreamOptions): MusicProvider {
  // One answer may be up to MAX_BODY_BYTES, so a count alone would let the cache hold gigabytes.
  const cache = ttlCache<unknown>({ maxEntries: cacheEntries, maxBytes: cacheBytes, ttlMs: cacheTtlMs });
  // Identical requests arriving together share one upstream call.
  const pending = new Map<string, Promise<Answer>>();
  const prefix = trimEnd(base.pathname, '/');

  async function call(endpoint: Endpoint, query: string, key: string): Promise<Answer> {
    const path = protocolPath(endpoint);
    const url = new URL(base.origin);
    url.pathname = prefix + path;
    url.search = query;
    let text: string;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await readCapped(response);
    } catch (error) {
      if (error instanceof MusicError) throw error;
      const timedOut = (error as Error).name === 'TimeoutError';
      log(`音乐服务${timedOut ? `超过 ${timeoutMs} 毫秒未响应` : `请求失败（${(error as Error).message}）`}：${path}`);
      throw new MusicError(timedOut ? 504 : 502, timedOut ? UPSTREAM_TIMEOUT_MSG : UNREACHABLE_MSG);
    }
    let body: unknown;
    try {
      // NetEase hands out http:// media and picture URLs; pages over HTTPS (and our CSP) need https://.
      body = JSON.parse(text.replace(/"http:\/\//g, '"https://'));
    } catch {
      body = null;
    }
    if (
      !body ||
      typeof body !== 'object' ||
      Array.isArray(body) ||
      typeof (body as { code?: unknown }).code !== 'number'
    ) {
      log(`音乐服务返回了无法识别的内容（HTTP ${response.status}）：${path}`);
      throw new MusicError(502, GARBAGE_MSG);
    }
    const answer = body as { code: number; msg?: unknown; message?: unknown };
    if (answer.code === 200 && response.ok) {
      const shaped = withArtists(answer);
      cache.set(key, shaped, Buffer.byteLength(text));
      return { status: 200, body: shaped };
    }
    const status =
      response.status >= 400 && response.status <= 599
        ? response.status
        : answer.code >= 400 && answer.code <= 599
          ? answer.code
          : 502;
    const msg =
      typeof answer.msg === 'string' && answer.msg
        ? answer.msg
        : typeof answer.message === 'string' && answer.message
          ? answer.message
          : '音乐服务返回了错误';
    return { status, body: { ...answer, code: answer.code === 200 ? status : answer.code, msg } };
  }

  return {
    answer(endpoint, params: AnyParams) {
      const query = encodeParams(params);
      const key = `${endpoint}?${query}`;
      const cached = cache.get(key);
      if (cached) return Promise.resolve({ status: 200, body: cached });
      let answer = pending.get(key);
      if (!answer) {
        answer = call(endpoint, query, key).finally(() => pending.delete(key));
        pending.set(key, answer);
      }
      return answer;
    },
  };
}

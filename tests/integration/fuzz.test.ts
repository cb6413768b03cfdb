/**
 * Thousands of generated requests over every route: odd encodings, methods, bodies, ranges and
 * tokens. Each must get an answer below 500 with no trace of the server's insides, and the server
 * must answer normally afterwards. The seed is fixed, so every run sends the same requests;
 * `FUZZ_SEED=<n>` tries other ones (and replays a failure), `FUZZ_REQUESTS` sets the run's size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiClient } from './api';
import { describeRequest, discoverRoutes, generateRequest, fuzzRandom } from './fuzzRequests';
import { decodedBody, exchange, type RawAnswer, type RawRequest } from './raw';

const DEFAULT_SEED = 20_240_817;
const SEED = Number(process.env.FUZZ_SEED) || DEFAULT_SEED;
const REQUESTS = Number(process.env.FUZZ_REQUESTS) || 4000;
const CONCURRENCY = 6;
/** What an answer to a stranger must never show: stack frames, file paths, engine and database errors. */
const INSIDES =
  /\bat \S+ \(|\bat (file|node):|node:internal|node_modules|\/src\/server\/|SQLITE_|(Type|Syntax|Reference|Range|URI)Error\b|ERR_[A-Z_]{4,}/;

let api: ApiClient;
let token = 'no-token';

beforeAll(async () => {
  api = await startApi();
  const account = { username: 'fuzzreader', password: 'Fuzz-Pass-2024' };
  await api.call('POST', '/user/register', { body: account });
  const login = await api.call('POST', '/user/login', { body: account });
  token = login.body.result?.token ?? token;
});
afterAll(() => api?.stop());

/** What is wrong with an answer, or null when it is a proper one. */
function problemWith(answer: RawAnswer): string | null {
  if (answer.status >= 500) return `状态码 ${answer.status}`;
  if (!answer.complete)
    return `回答不完整（Content-Length ${answer.headers['content-length']}，收到 ${answer.body.length} 字节）`;
  if (answer.status < 400) return null;
  let text: string;
  try {
    text = decodedBody(answer).toString();
  } catch {
    return `无法按 ${answer.headers['content-encoding']} 解码`;
  }
  const leak = INSIDES.exec(text);
  if (leak)
    return `错误回答泄露了内部信息：${JSON.stringify(text.slice(Math.max(0, leak.index - 80), leak.index + 120))}`;
  return englishMessage(text);
}

/** A refusal's message is for a reader of Chinese: one without a Chinese character is a library's own (English) text. */
function englishMessage(text: string): string | null {
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    return null;
  }
  return typeof message === 'string' && !/\p{Script=Han}/u.test(message)
    ? `错误信息不是中文：${JSON.stringify(message)}`
    : null;
}

describe(`fuzz (seed ${SEED})`, () => {
  it(`answers ${REQUESTS} generated requests without a 5xx or a dropped connection`, async () => {
    console.log(`模糊测试种子：${SEED}（用 FUZZ_SEED=${SEED} 重放）`);
    const routes = discoverRoutes(process.env.DIST_DIR || 'dist');
    expect(routes.pages.length).toBeGreaterThan(20);
    expect(routes.api.length).toBeGreaterThan(20);
    expect(routes.wapi.length).toBeGreaterThanOrEqual(11);
    // The routes are read from the routers' sources, so each must be registered literally.
    const apiRoutes = routes.api.map(({ method, path }) => `${method} ${path}`);
    for (const route of [
      'POST /api/like/getIsLikeByIdAndType',
      'POST /api/like/addLike',
      'POST /api/like/cancelLike',
      'PUT /api/article/like/:id',
      'POST /api/user/login',
    ]) {
      expect(apiRoutes).toContain(route);
    }
    // Without a real session the routes behind login would only ever answer 401.
    expect(token).toMatch(/^[\w-]{20,}$/);

    const random = fuzzRandom(SEED);
    const requests: RawRequest[] = Array.from({ length: REQUESTS }, () => generateRequest(random, routes, token));
    // And each /api route is really fuzzed, the like routes included.
    const hit = (path: string) =>
      requests.some((request) => request.target.startsWith(path.replace(/(\{|\/:).*$/, '')));
    expect(routes.api.map((route) => route.path).filter((path) => !hit(path))).toEqual([]);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let nextIndex = 0;
    const worker = async () => {
      while (nextIndex < requests.length) {
        const index = nextIndex++;
        const request = requests[index];
        try {
          const answer = await exchange(api.server.url, request);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const problem = problemWith(answer);
          if (problem) failures.push(`#${index} ${problem}：${describeRequest(request)}`);
        } catch (error) {
          failures.push(`#${index} ${(error as Error).message}：${describeRequest(request)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    console.log(`状态码分布：${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(failures, `种子 ${SEED}：\n${failures.slice(0, 30).join('\n')}`).toEqual([]);

    const home = await exchange(api.server.url, { target: '/home' });
    expect(home.status).toBe(200);
    const config = await api.call('GET', '/config');
    expect(config.status).toBe(200);
    expect(config.body.code).toBe(0);
  }, 120_000);
});

/**
 * Request generation for the fuzz test: the routes the site really has, found in the build, the
 * endpoint table and the music routers' sources, bent in every way a client can bend them. Everything comes from one
 * seeded generator, so a seed replays the same requests in the same order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ENDPOINTS, MUSIC_API } from '../../src/contract/endpoints';
import { seededRandom } from '../../src/lib/node/seededRandom';
import type { RawRequest } from './raw';

export type Random = ReturnType<typeof fuzzRandom>;

/** A seeded source of choices, so that a failing run can be replayed. */
export function fuzzRandom(seed: number) {
  const next = seededRandom(seed);
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}

export interface Route {
  method: string;
  /** A path template: `:name` and `{/:name}` are filled in per request. */
  path: string;
}

const matches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)];

/** The pages in the sitemap, every /api and /wapi route from the endpoint table, and a few built files. */
export function discoverRoutes(distDir: string) {
  const sitemap = readFileSync(join(distDir, 'client', 'sitemap-0.xml'), 'utf8');
  const pages = matches(sitemap, /<loc>([^<]+)<\/loc>/g).map(([, loc]) => new URL(loc).pathname);

  // The table is what the server mounts (tests/unit/endpoints.test.ts holds the two together).
  const api: Route[] = ENDPOINTS.map(({ method, path }) => ({ method, path }));

  const wapi: Route[] = Object.values(MUSIC_API.endpoints).map(({ method, path }) => ({ method, path }));

  const assets = readdirSync(join(distDir, 'client', '_astro'))
    .filter((name) => !/\.(br|gz)$/.test(name))
    .slice(0, 12)
    .map((name) => `/_astro/${name}`);
  const others = [
    '/',
    '/logout',
    '/favicon.svg',
    '/rss.xml',
    '/robots.txt',
    '/sitemap-index.xml',
    '/404.html',
    '/index.html',
    '/uploads/none.png',
    '/api',
    '/wapi',
    '/no/such/page',
  ];
  return { pages, api, wapi, files: [...assets, ...others] };
}

const latin1 = (text: string) => Buffer.from(text).toString('latin1');

const NICE = ['1', '2', '3', '7', '10', '20', '0', '1,2,3', '前端'].map((v) => encodeURIComponent(v));
const ODD = [
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '9007199254740993',
  '99999999999999999999999',
  'abc',
  '',
  'null',
  'NaN',
  'Infinity',
  '[]',
  '%20',
  '+',
  latin1('前端'),
  '%F0%9F%98%80',
];
const BAD_ESCAPES = [
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '%C0%80',
  '%ED%A0%80',
  '%F8%88%80%80%80',
  '%00',
  '%FF',
  '%2e%2e',
  '..',
  '%2F',
  '%5C',
  '\\',
  '%252e',
  '%u0041',
  '\x00',
  ' ',
  '\xff',
];
const longValue = (r: Random) =>
  r.pick(['a', '%E5%89%8D', '1', '%ZZ', '/'].map((unit) => unit.repeat(1 + r.int(4000))));

function paramValue(r: Random): string {
  const x = r.next();
  if (x < 0.55) return r.pick(NICE);
  if (x < 0.75) return r.pick(ODD);
  if (x < 0.95) return r.pick(BAD_ESCAPES);
  return longValue(r);
}

const PATH_TWISTS: ((path: string, r: Random) => string)[] = [
  (p) => p.replace('/', '//'),
  (p) => `${p}/`,
  (p) => `/.${p}`,
  (p) => `${p}/..`,
  (p) => `${p}/../../../../etc/passwd`,
  (p) => `/%2e%2e${p}`,
  (p) => p.replaceAll('/', '\\'),
  (p) => p.toUpperCase(),
  (p) => `${p}.html`,
  (p) => `${p}/index.html`,
  (p) => `${p};jsessionid=1`,
  (p) => `${p}%00`,
  (p, r) => `${p}/${paramValue(r)}`,
  (p, r) => `${p}/${r.pick(BAD_ESCAPES)}`,
  (p, r) => `${p}${longValue(r)}`,
  (p) => `//${p}`,
  (p) => `${p}#fragment`,
  (p) => `http://example.com${p}`,
];

const QUERY_KEYS = [
  'id',
  'ids',
  'level',
  'keywords',
  'type',
  'limit',
  'offset',
  'order',
  'v',
  'current',
  'size',
  'keyword',
  'from',
  '__proto__',
  'constructor',
  'id[]',
  'id[a]',
  '%ZZ',
  '',
];

function query(r: Random): string {
  const pairs = Array.from({ length: 1 + r.int(5) }, () => `${r.pick(QUERY_KEYS)}=${paramValue(r)}`);
  if (r.chance(0.1)) pairs.push(...pairs);
  if (r.chance(0.03)) pairs.push('x=1&'.repeat(1 + r.int(1500)));
  return `?${pairs.join('&')}`;
}

function target(route: Route, r: Random): string {
  let path = route.path
    .replace(/\{\/:\w+\}/g, () => (r.chance(0.3) ? '' : `/${paramValue(r)}`))
    .replace(/:\w+/g, () => paramValue(r));
  if (r.chance(0.25)) path = r.pick(PATH_TWISTS)(path, r);
  return r.chance(0.35) ? `${path}${query(r)}` : path;
}

const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const ODD_METHODS = [
  'TRACE',
  'CONNECT',
  'PROPFIND',
  'MKCOL',
  'PURGE',
  'LINK',
  'get',
  'M-SEARCH',
  'QUERY',
  'SEARCH',
  'REPORT',
  'FOO',
];
const ACCEPT_ENCODINGS = [
  'gzip, deflate, br, zstd',
  'br',
  'gzip',
  '*',
  'identity',
  'identity;q=0',
  '*;q=0',
  'br;q=0, gzip;q=0',
  'gzip;q=1.5',
  ',,,;;;',
  'deflate',
  'BR',
  '',
];
const RANGES = [
  'bytes=0-10',
  'bytes=5-1',
  'bytes=-0',
  'bytes=0-',
  'bytes=-5',
  'bytes=0-1,2-3',
  'bytes=garbage',
  'bytes=99999999999999999999-',
  'bytes=0-99999999999999999999',
  'items=0-1',
  `bytes=${'1-2,'.repeat(500)}3-4`,
  'bytes=--1',
  'bytes=1-2-3',
];
const CONDITIONALS: [string, string][] = [
  ['If-None-Match', '*'],
  ['If-None-Match', 'W/"garbage"'],
  ['If-Match', '"nope"'],
  ['If-Match', '*'],
  ['If-Modified-Since', 'not a date'],
  ['If-Unmodified-Since', 'Thu, 01 Jan 1970 00:00:00 GMT'],
  ['If-Range', '"x"'],
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'image/png',
  'garbage',
  'application/json;;;',
];
const BODY_KEYS = [
  'username',
  'password',
  'password1',
  'password2',
  'nick_name',
  'avatar',
  'id',
  'for_id',
  'type',
  'user_id',
  'tag_id',
  'category_id',
  'current',
  'size',
  'keyword',
  '__proto__',
  'constructor',
];

function jsonValue(r: Random, depth = 0): unknown {
  const x = r.int(depth > 2 ? 6 : 9);
  return [
    () => r.pick(['admin', 'fuzz_user', '', '前端', 'a'.repeat(r.int(300)), '\u0000', '/uploads/x.png', 'Passw0rd!']),
    () => r.pick([0, 1, -1, 1.5, 2 ** 53 + 1, 1e308, 4]),
    () => null,
    () => r.chance(0.5),
    () => String(r.int(100)),
    () => 'x'.repeat(r.int(5000)),
    () => Array.from({ length: r.int(4) }, () => jsonValue(r, depth + 1)),
    () => Object.fromEntries(Array.from({ length: r.int(4) }, () => [r.pick(BODY_KEYS), jsonValue(r, depth + 1)])),
    () => ({ $gt: '' }),
  ][x]();
}

function multipart(r: Random): Buffer {
  const file = r.pick([
    Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(r.int(2000), 7)]),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
    Buffer.from(Array.from({ length: r.int(3000) }, () => r.int(256))),
    Buffer.alloc(0),
  ]);
  const name = r.pick(['file', 'image', 'avatar', 'x', '']);
  const parts = [
    Buffer.from(
      `--fuzz\r\nContent-Disposition: form-data; name="${name}"; filename="${r.pick(['a.png', '../../a.png', '', 'a'.repeat(300)])}"\r\nContent-Type: ${r.pick(['image/png', 'image/svg+xml', 'text/html', ''])}\r\n\r\n`,
    ),
    file,
  ];
  if (r.chance(0.7)) parts.push(Buffer.from('\r\n--fuzz--\r\n'));
  return Buffer.concat(parts);
}

function body(r: Random): Buffer {
  const json = () =>
    Buffer.from(
      JSON.stringify(Object.fromEntries(Array.from({ length: r.int(5) }, () => [r.pick(BODY_KEYS), jsonValue(r)]))),
    );
  return r.pick([
    json,
    json,
    json,
    () =>
      Buffer.from(
        r.pick(['{', '{"a":', '[1,2', 'nul', '"', '{"__proto__":{"admin":true}}', '[]', 'null', '"text"', '1', '{}']),
      ),
    () => Buffer.from('['.repeat(1 + r.int(60000))),
    () => Buffer.from(JSON.stringify({ username: 'x'.repeat(70 * 1024) })),
    () => Buffer.from(Array.from({ length: r.int(4000) }, () => r.int(256))),
    () => Buffer.from('username=admin&password=x&a[b]=c'),
    () => multipart(r),
    () => Buffer.alloc(r.chance(0.2) ? 1024 * 1024 : 100 * 1024, 'A'),
  ])();
}

const randomAddress = (r: Random) =>
  r.pick([
    () => `10.${r.int(256)}.${r.int(256)}.${r.int(256)}`,
    () => `fd00::${r.int(65536).toString(16)}`,
    () => r.pick(['garbage', '1.1.1.1, 2.2.2.2', '', '999.1.1.1', 'unknown']),
  ])();

/** One request: a route of any kind, then a method, headers and a body chosen for it. */
export function generateRequest(r: Random, routes: ReturnType<typeof discoverRoutes>, token: string): RawRequest {
  const kind = r.int(10);
  const route: Route =
    kind < 4
      ? r.pick(routes.api)
      : kind < 6
        ? r.pick(routes.wapi)
        : kind < 8
          ? { method: 'GET', path: r.pick(routes.pages) }
          : { method: 'GET', path: r.pick(routes.files) };
  const method = r.chance(0.5) ? route.method : r.chance(0.9) ? r.pick(METHODS) : r.pick(ODD_METHODS);
  const headers: [string, string][] = [];
  if (r.chance(0.8)) headers.push(['X-Requested-With', 'XMLHttpRequest']);
  if (r.chance(0.8)) headers.push(['X-Forwarded-For', randomAddress(r)]);
  if (r.chance(0.6)) headers.push(['Accept-Encoding', r.pick(ACCEPT_ENCODINGS)]);
  if (r.chance(0.2)) headers.push(['Range', r.pick(RANGES)]);
  if (r.chance(0.1)) headers.push(r.pick(CONDITIONALS));
  if (r.chance(0.35)) {
    headers.push([
      'Authorization',
      r.pick([
        `Bearer ${token}`,
        token,
        `Bearer ${token}x`,
        'Bearer',
        'Bearer ',
        `bearer  ${token}`,
        'Basic Zm9vOmJhcg==',
        `Bearer ${'A'.repeat(r.int(12000))}`,
        'Bearer \xff\xfe\xfd',
        `Bearer ${token}, Bearer x`,
        'Bearer %00',
        'Bearer null',
      ]),
    ]);
  }
  if (r.chance(0.2)) {
    headers.push([
      'Cookie',
      r.pick([
        `blog_session=${token}`,
        'blog_session=garbage',
        'blog_session=%E0%A4%A',
        `blog_session=${'x'.repeat(5000)}`,
        'blog_session=a; blog_session=b',
        '=;;=;',
        'blog_device=%ZZ',
        '\xff=\xfe',
        'a="unterminated',
        '__proto__=1',
      ]),
    ]);
  }
  if (r.chance(0.02)) headers.push(['Upgrade', r.pick(['websocket', 'h2c'])]);
  if (method === 'GET' || method === 'HEAD' ? r.chance(0.05) : r.chance(0.8)) {
    let payload = body(r);
    if (r.chance(0.85)) headers.push(['Content-Type', r.pick(CONTENT_TYPES)]);
    if (r.chance(0.05)) {
      headers.push(['Content-Encoding', r.pick(['gzip', 'br', 'deflate', 'garbage'])]);
      if (r.chance(0.5)) payload = gzipSync(payload);
    }
    if (r.chance(0.05)) headers.push(['Expect', '100-continue']);
    if (r.chance(0.08)) {
      headers.push(['Transfer-Encoding', 'chunked']);
      payload = Buffer.concat([
        Buffer.from(`${payload.length.toString(16)}\r\n`),
        payload,
        Buffer.from('\r\n0\r\n\r\n'),
      ]);
    }
    return { method, target: target(route, r), headers, body: payload };
  }
  return { method, target: target(route, r), headers };
}

/** A request as one line, to paste into a bug report. */
export function describeRequest({ method = 'GET', target: path, headers = [], body: payload }: RawRequest): string {
  const cut = (text: string, n = 160) => (text.length > n ? `${text.slice(0, n)}…(${text.length})` : text);
  const shownBody =
    payload === undefined ? '' : ` body=${JSON.stringify(cut(Buffer.from(payload).toString('latin1'), 120))}`;
  return `${method} ${JSON.stringify(cut(path))} ${JSON.stringify(headers.map(([name, value]) => [name, cut(value, 80)]))}${shownBody}`;
}

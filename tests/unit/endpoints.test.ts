import { readFileSync } from 'node:fs';
import type { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { API, ENDPOINTS, MUSIC_API } from '../../src/contract/endpoints';
import { apiRouter, type ApiServices } from '../../src/server/api/index';
import { API_ROOT } from '../../src/server/api/endpoints';
import { createCookies } from '../../src/server/api/cookies';
import { fileRoutes } from '../../src/server/music/files';
import { musicRouter } from '../../src/server/music/router';

/** Services that are never called: building the router only registers handlers. */
function unused(): never {
  const stub: object = new Proxy(() => stub, { get: (_target, key) => (key === 'then' ? undefined : stub) });
  return stub as never;
}

interface RouterLayer {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
}

/** Every route the router answers, as `METHOD /api/full/path`, found by walking Express's own stack. */
function mounted(stack: RouterLayer[], prefix: string): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method.toUpperCase()} ${prefix}${layer.route!.path}`);
    }
    if (layer.handle.stack) return mounted(layer.handle.stack, layer.rawPath && layer.rawPath !== '/' ? `${prefix}${layer.rawPath}` : prefix);
    return [];
  });
}

const listed = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);

describe('the endpoint table', () => {
  const api = apiRouter(unused() as ApiServices, { cookies: createCookies({ httpsSite: false }) }) as Router & { stack: RouterLayer[] };
  const routes = mounted(api.stack, API_ROOT);

  it('lists every mounted route, and every listed one is mounted', () => {
    expect(routes.filter((route) => !listed.includes(route))).toEqual([]);
    expect(listed.filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('has each endpoint once, each under its group', () => {
    expect(new Set(listed).size).toBe(listed.length);
    expect(routes.length).toBe(listed.length);
    for (const group of Object.values(API)) {
      for (const endpoint of Object.values(group.endpoints)) expect(endpoint.path.startsWith(`${group.prefix}/`)).toBe(true);
    }
  });
});

describe("the endpoint table's music group", () => {
  const music = musicRouter(unused(), fileRoutes(unused())) as Router & { stack: RouterLayer[] };
  const routes = mounted(music.stack, MUSIC_API.prefix);
  const musicListed = Object.values(MUSIC_API.endpoints).map((endpoint) => `${endpoint.method} ${endpoint.path}`);

  it('lists every route of /wapi, and every listed one is mounted, once', () => {
    expect(routes.filter((route) => !musicListed.includes(route))).toEqual([]);
    expect(musicListed.filter((route) => !routes.includes(route))).toEqual([]);
    expect(routes.length).toBe(new Set(routes).size);
  });
});

describe('docs/api.md', () => {
  const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** As the doc writes a path: `{id}` for a parameter, and the writing console's under its section's prefix. */
  const written = (path: string) => {
    const shown = path.replace(/\{\/:(\w+)\}/g, '/{$1}').replace(/[:*](\w+)/g, '{$1}');
    return shown.startsWith(`${API.writing.prefix}/`) ? [shown, shown.slice(API.writing.prefix.length)] : [shown];
  };

  it('describes every endpoint of the table', () => {
    const undocumented = [...ENDPOINTS, ...Object.values(MUSIC_API.endpoints)].filter(
      ({ method, path }) => !written(path).some((one) => new RegExp(`(${method} \`|\`${method} )${escaped(one)}[\`?]`).test(doc)),
    ).map(({ method, path }) => `${method} ${path}`);
    expect(undocumented).toEqual([]);
  });
});

describe('the browser clients', () => {
  const CLIENTS = ['api.ts', 'adminApi.ts', 'linksApi.ts', 'shopApi.ts', 'writingApi.ts'].map((name) => `src/client/${name}`);
  const METHODS: Record<string, string> = { get: 'GET', post: 'POST', put: 'PUT', del: 'DELETE' };
  /** `http.get<…>('/api/…')`, `http.request<…>('GET', '/api/…')`: the method and the path as written. */
  const CALL = /http\.(get|post|put|del|request)\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\(\s*(?:'(GET|POST|PUT|DELETE)',\s*)?([`'])(.*?)\3/gs;
  /** An Express path as a pattern for a called one, whose parameters are the client's `${…}`. */
  const pattern = (path: string) =>
    new RegExp(`^${path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\{\/:\w+\}/g, '(/[^/]+)?').replace(/:\w+/g, '[^/]+').replace(/\*\w+/g, '.+')}$`);

  function calls(file: string): string[] {
    const source = readFileSync(file, 'utf8');
    const base = /const base = '([^']+)'/.exec(source)?.[1] ?? '';
    return [...source.matchAll(CALL)].map(([, verb, method, , path]) => {
      const called = path.replaceAll('${base}', base).replace(/\?.*$/s, '').replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, 'X');
      return `${method ?? METHODS[verb]} ${called}`;
    });
  }

  it('call only endpoints of the table, with its methods', () => {
    const called = CLIENTS.flatMap(calls);
    expect(called.length).toBeGreaterThan(60);
    const unknown = called.filter((call) => {
      const [method, path] = call.split(' ');
      return !ENDPOINTS.some((endpoint) => endpoint.method === method && pattern(endpoint.path).test(path));
    });
    expect(unknown).toEqual([]);
  });

  it("the player calls only the music group's endpoints (the doubled slash it sends names the same one)", () => {
    const source = readFileSync('src/client/music.ts', 'utf8');
    const called = [...source.matchAll(/wapi\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\(\s*'([^']+)'/g)].map(([, path]) => `${MUSIC_API.prefix}${path.replace(/^\/+/, '/')}`);
    expect(called.length).toBeGreaterThan(6);
    expect(called.filter((path) => !Object.values(MUSIC_API.endpoints).some((endpoint) => endpoint.path === path))).toEqual([]);
  });
});

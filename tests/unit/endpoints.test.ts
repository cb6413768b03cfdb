import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { API, ENDPOINTS, MUSIC_API } from '../../src/contract/endpoints';
import * as PATHS from '../../src/contract/paths';
import * as ROUTES from '../../src/contract/routes';
import { apiRouter, type ApiServices } from '../../src/server/api/index';
import { API_ROOT, METHODS } from '../../src/server/api/endpoints';
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
    if (layer.handle.stack)
      return mounted(layer.handle.stack, layer.rawPath && layer.rawPath !== '/' ? `${prefix}${layer.rawPath}` : prefix);
    return [];
  });
}

const listed = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);

describe('the endpoint table', () => {
  const api = apiRouter(unused() as ApiServices, { cookies: createCookies({ httpsSite: false }) }) as Router & {
    stack: RouterLayer[];
  };
  const routes = mounted(api.stack, API_ROOT);

  it('lists every mounted route, and every listed one is mounted', () => {
    expect(routes.filter((route) => !listed.includes(route))).toEqual([]);
    expect(listed.filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('has each endpoint once, each under a group', () => {
    expect(new Set(listed).size).toBe(listed.length);
    expect(routes.length).toBe(listed.length);
    const prefixes = Object.values(API).map((group) => group.prefix);
    expect(ENDPOINTS.filter((endpoint) => !prefixes.some((prefix) => endpoint.path.startsWith(`${prefix}/`)))).toEqual(
      [],
    );
  });

  it('takes every endpoint from routes.ts, each route as its method and path', () => {
    const written = Object.values(ROUTES).filter((value) => typeof value === 'string');
    expect(ENDPOINTS.map((endpoint) => endpoint.route)).toEqual(written);
    expect(
      ENDPOINTS.filter(
        (endpoint) => endpoint.route !== `${endpoint.method} ${endpoint.path}` || !(endpoint.method in METHODS),
      ),
    ).toEqual([]);
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
    const undocumented = [...ENDPOINTS, ...Object.values(MUSIC_API.endpoints)]
      .filter(
        ({ method, path }) =>
          !written(path).some((one) => new RegExp(`(${method} \`|\`${method} )${escaped(one)}[\`?]`).test(doc)),
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(undocumented).toEqual([]);
  });
});

describe('the routes (contract/routes.ts) and the music paths (contract/paths.ts)', () => {
  const music = Object.values(MUSIC_API.endpoints).map((endpoint) => endpoint.path);
  const every = [...ENDPOINTS.map((endpoint) => endpoint.path), ...music];

  it("are each an endpoint's, and the music group takes its paths from paths.ts", () => {
    expect(Object.values(PATHS).filter((path) => !music.includes(path))).toEqual([]);
    expect(music.filter((path) => !Object.values<string>(PATHS).includes(path))).toEqual([]);
    expect(new Set(Object.values(PATHS)).size).toBe(Object.values(PATHS).length);
  });

  it('are written nowhere else in the source: a path of the API in quotes, with its method or not, is in routes.ts or paths.ts alone', () => {
    // A quoted string that starts as one of ours does (a payment provider's `/api/pay/…` is not ours).
    const starts = [...new Set(every.map((path) => path.split('/').slice(0, 3).join('/')))];
    const ours = new RegExp(
      `['"\`]((GET|POST|PUT|DELETE) )?(${starts.map((start) => start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
    );
    const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|astro|mjs)$/.test(file))
      .map((file) => join('src', file))
      .filter((file) => file !== join('src', 'contract', 'paths.ts') && file !== join('src', 'contract', 'routes.ts'));
    const written = sources.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ at: `${file}:${i + 1}`, line }))
        .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        // A group's prefix in the endpoint table is where its router is mounted, not an endpoint's path.
        .filter(
          ({ at, line }) =>
            ours.test(line) && !(at.startsWith(join('src', 'contract', 'endpoints.ts')) && /group\('/i.test(line)),
        )
        .map(({ at, line }) => `${at} ${line.trim()}`),
    );
    expect(sources.length).toBeGreaterThan(100);
    expect(written).toEqual([]);
  });
});

describe('the music player', () => {
  it("calls only the music group's paths", () => {
    const names = [
      ...readFileSync('src/client/music.ts', 'utf8').matchAll(/wapi\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\(\s*([A-Z][A-Z_]+)/g),
    ].map(([, name]) => name);
    expect(names.length).toBeGreaterThan(6);
    const musicPaths = Object.values(MUSIC_API.endpoints).map((endpoint) => endpoint.path);
    expect(names.filter((name) => !musicPaths.includes((PATHS as Record<string, string>)[name]))).toEqual([]);
  });
});

import type { RequestHandler } from 'express';
import type { ServerResponse } from 'node:http';
import sirv from 'sirv';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const HTML_CACHE = 'public, max-age=60, must-revalidate';
export const ASSET_CACHE = 'public, max-age=86400';

/** Hashed build output never changes under its name; HTML must follow new deploys quickly. */
export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return IMMUTABLE;
  if (pathname.endsWith('/') || pathname.endsWith('.html') || !/\.[a-z0-9]+$/i.test(pathname)) return HTML_CACHE;
  return ASSET_CACHE;
}

/** The built client files, with the brotli and gzip variants made at build time. */
export function staticFiles(clientDir: string): RequestHandler {
  const serve = sirv(clientDir, {
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    setHeaders: (res: ServerResponse, pathname: string) => res.setHeader('Cache-Control', cacheControlFor(pathname)),
  });
  return (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? serve(req, res, next) : next());
}

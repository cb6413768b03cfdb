/**
 * Old addresses of imported articles (src/lib/shared/redirects.ts), answered with a 301 to their
 * page here. The map comes with each build (`redirects.json` of its content export), so it changes
 * when the site is published, like everything else a reader sees.
 */
import type { RequestHandler } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeOldPath } from '../../lib/shared/redirects.ts';

export const REDIRECTS_EXPORT = 'redirects.json';

/** The build's map; empty for a build that has none (one from before imports). */
export function loadOldAddresses(contentExportDir: string): Map<string, string> {
  try {
    const data = JSON.parse(readFileSync(join(contentExportDir, REDIRECTS_EXPORT), 'utf8')) as Record<string, string>;
    return new Map(Object.entries(data));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw new Error(`读取旧地址跳转（${REDIRECTS_EXPORT}）失败，请重新运行 npm run build`, { cause: error });
  }
}

/** Paths that are this site's own whatever an old site had there: its services and its pages. */
const OURS = /^\/(?:api|wapi|uploads|admin|_astro)(?:\/|$)/;

/** Whether `path` is one of the build's own pages or files (`/archives` is `archives.html` or `archives/index.html`). */
const builtHere = (clientDir: string, path: string) =>
  [path, `${path}.html`, `${path}/index.html`].some((file) => existsSync(join(clientDir, file)));

/**
 * Answers an old address with a 301, in one step: before the trailing slash is taken off, as old
 * blogs' addresses end with one. An old address that is one of our own pages (an old `/archives`)
 * stays ours.
 */
export function oldAddresses(redirects: ReadonlyMap<string, string>, clientDir: string): RequestHandler {
  return (req, res, next) => {
    if (redirects.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    // The path alone, but for WordPress's `/?p=123`, which normalizeOldPath keeps.
    const path = normalizeOldPath(req.path === '/' ? req.originalUrl : req.path);
    const target = path === null ? undefined : redirects.get(path);
    if (target && !OURS.test(path!) && !builtHere(clientDir, path!)) res.redirect(301, target);
    else next();
  };
}

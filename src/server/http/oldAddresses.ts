/**
 * Old addresses of imported articles (src/lib/shared/redirects.ts), answered with a 301 to their
 * page here. The map comes with each build (`redirects.json` of its content export), so it changes
 * when the site is published, like everything else a reader sees.
 */
import type { RequestHandler } from 'express';
import { readFileSync } from 'node:fs';
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

export function oldAddresses(redirects: ReadonlyMap<string, string>): RequestHandler {
  return (req, res, next) => {
    if (redirects.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    // The path alone, but for WordPress's `/?p=123`, which normalizeOldPath keeps.
    const path = normalizeOldPath(req.path === '/' ? req.originalUrl : req.path);
    const target = path === null ? undefined : redirects.get(path);
    if (target) res.redirect(301, target);
    else next();
  };
}

import { withoutTrailingSlash } from '../../lib/shared/trim.ts';
import compression from 'compression';
import express, { type RequestHandler, type Router } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countingLane } from './countingLane.ts';
import { legacyRedirect } from './legacyRedirect.ts';
import { oldAddresses } from './oldAddresses.ts';
import { appErrors, rejectMalformedPaths } from './errors.ts';
import { securityHeaders, type SecurityOptions } from './headers.ts';
import { omitKeepAliveLines, staticFiles } from './static.ts';

export interface AppOptions {
  /** `dist/client`: the prerendered pages and assets. */
  clientDir: string;
  /** The build before this one: its hashed assets (`/_astro/`) stay served for pages opened before the switch. */
  previousClientDir?: string;
  /** Astro's handler for on-demand routes (`dist/server/entry.mjs`). */
  astroHandler: RequestHandler;
  /** The `/api` router. */
  api: Router;
  /** The music service, mounted at /wapi. */
  wapi?: Router;
  /** Server actions outside /api, such as GET /logout. */
  actions?: Router;
  /** Checked before any page or file is served, such as the admin console's gate. */
  gates?: RequestHandler[];
  /** Where uploaded images live; served under /uploads. */
  uploadDir: string;
  /** Which proxies in front are trusted for the client's address and protocol (see trustProxySetting). */
  trustProxy?: number | string | false;
  /** The policy headers for documents (see headers.ts); without it, a policy allowing no inline script. */
  security?: SecurityOptions;
  /** Old addresses of imported articles, answered with a 301 (oldAddresses.ts). */
  redirects?: ReadonlyMap<string, string>;
}

/**
 * `TRUST_PROXY`: a number is how many proxies stand in front (`true` means one); a list
 * (`loopback, 10.0.0.0/8`) names them; unset trusts none. Never "every hop": then any client
 * could pick its own address by sending X-Forwarded-For.
 */
export function trustProxySetting(value: string | undefined): number | string | false {
  if (!value || value === 'false') return false;
  if (value === 'true') return 1;
  return /^\d+$/.test(value) ? Number(value) : value;
}

const NOT_FOR_PAGES = new Set(['CONNECT', 'TRACE', 'TRACK']);

export function createApp({
  clientDir,
  previousClientDir,
  astroHandler,
  api,
  wapi,
  actions,
  gates = [],
  uploadDir,
  trustProxy = false,
  security,
  redirects = new Map(),
}: AppOptions) {
  const app = express();
  app.disable('x-powered-by');
  // Static files carry their own ETags; API answers are per reader and never cached, so hashing them is waste.
  app.set('etag', false);
  app.set('trust proxy', trustProxy);
  const notFoundPage = readFileSync(join(clientDir, '404.html'), 'utf8');

  app.use(securityHeaders(security));
  app.use(rejectMalformedPaths());
  app.use(countingLane());
  app.use((req, res, next) => {
    const query = req.originalUrl.indexOf('?');
    const target = query < 0 ? null : legacyRedirect(req.originalUrl.slice(0, query), req.originalUrl.slice(query));
    if (target) res.redirect(301, target);
    else next();
  });
  app.use(oldAddresses(redirects, clientDir));
  // Only what is rendered per request is compressed here; static files go out precompressed.
  const compress = compression();
  // The API and the music service come before the static files, which can never live under their paths.
  app.use('/api', compress, api);
  if (wapi) app.use('/wapi', compress, wapi);
  // Uploads get random names that never change, so they can be cached for good and need no validators.
  app.use(
    '/uploads',
    express.static(uploadDir, {
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
      etag: false,
      lastModified: false,
      fallthrough: true,
      setHeaders: (res) => omitKeepAliveLines(res.req, res),
    }),
  );
  for (const gate of gates) app.use(gate);
  // One address per page: `/article/1/` is `/article/1`, as the canonical link and the sitemap say.
  // After the gates, so the console's paths answer only to its own.
  app.use((req, res, next) => {
    const { path } = req;
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      path === '/' ||
      !path.endsWith('/') ||
      /^\/(api|wapi|uploads)\//.test(path)
    )
      return next();
    const query = req.originalUrl.indexOf('?');
    // One leading slash only: `//host/` must not become a redirect to another site.
    res.redirect(
      301,
      `/${withoutTrailingSlash(path).replace(/^\/+/, '')}${query < 0 ? '' : req.originalUrl.slice(query)}`,
    );
  });
  app.use(staticFiles(clientDir));
  if (previousClientDir) {
    const previous = staticFiles(previousClientDir);
    app.use((req, res, next) => (req.path.startsWith('/_astro/') ? previous(req, res, next) : next()));
  }
  app.use(compress);
  if (actions) app.use(actions);
  // Astro builds a WHATWG Request, which refuses these methods: it would answer 500.
  app.use((req, res, next) => (NOT_FOR_PAGES.has(req.method) ? next() : astroHandler(req, res, next)));
  app.use((req, res) => {
    res.status(404).set('Cache-Control', 'no-store');
    if (req.method === 'HEAD') res.type('html').end();
    else res.type('html').send(notFoundPage);
  });
  app.use(appErrors());
  return app;
}

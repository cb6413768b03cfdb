/**
 * The built client files, with the brotli and gzip variants made at build time. Every answer
 * comes from a fresh stat of the file it sends (through `send`), so a rebuild under a running
 * server serves the new bytes with their own length, and a file that vanished is a 404 for
 * that request only.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { contentType, lookup } from 'mime-types';
import Negotiator from 'negotiator';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import send from 'send';
import { folderPath } from '../../lib/shared/namePaths.ts';
import { WORKER_PATH } from '../../lib/shared/offline/rules.ts';
import { trimEnd } from '../../lib/shared/trim.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const HTML_CACHE = 'public, max-age=60, must-revalidate';
export const ASSET_CACHE = 'public, max-age=86400';
/** The offline worker: a browser asks whether it changed on every navigation, and must be told at once. */
export const WORKER_CACHE = 'no-cache';

/** Hashed build output never changes under its name; HTML must follow new deploys quickly (`/tag/Node.js` is a page too). */
export function cacheControlFor(file: string): string {
  if (file.startsWith('_astro/')) return IMMUTABLE;
  if (`/${file}` === WORKER_PATH) return WORKER_CACHE;
  if (file.endsWith('.html') || !/\.[a-z0-9]+$/i.test(file)) return HTML_CACHE;
  return ASSET_CACHE;
}

/**
 * HTTP/1.1 connections persist unless one side says otherwise, so on files Node's
 * `Connection: keep-alive` and `Keep-Alive: timeout=5` are 47 bytes that say nothing. Idle
 * connections still close after the server's keep-alive timeout.
 */
export function omitKeepAliveLines(req: IncomingMessage, res: ServerResponse) {
  if (req.httpVersion === '1.1') res.removeHeader('Connection');
}

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const SERVER_PREFERENCE = ['br', 'gzip', 'identity'];

interface Found {
  /** The original file, relative to the client dir. */
  file: string;
  /** The precompressed variants next to it. */
  encodings: Encoding[];
}

/**
 * Which file a path names is remembered for a moment, so a busy page costs one stat (send's)
 * instead of five. Entries expire quickly so a rebuild's new files show up, and a failed send
 * forgets its entry at once.
 */
const REMEMBER_MS = 2000;
const REMEMBER_ENTRIES = 2000;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The file a request path names. First the page in the folder of each segment's folder form, which
 * is where a tag's or category's page is (`/tag/C%23` → `tag/C~23/index.html`, src/lib/shared/namePaths.ts;
 * any other page's folder is named as its path, `/article/1` → `article/1/index.html`). Then the
 * path as it decodes: `/_astro/x.js` → `_astro/x.js`, `/about` → `about.html`, like the directory build format.
 */
async function locate(root: string, rawPath: string): Promise<Found | null> {
  const folders = folderPath(rawPath);
  const candidates = folders === null ? [] : [`${trimEnd(folders, '/')}/index.html`];
  const pathname = decodedPath(rawPath);
  // Dot segments are either `..` or hidden files: neither is part of the site.
  if (pathname !== null && !pathname.includes('\0') && !/(^|\/)\./.test(pathname)) {
    candidates.push(
      ...(pathname.endsWith('/')
        ? [`${pathname}index.html`]
        : [pathname, `${pathname}.html`, `${pathname}/index.html`]),
    );
  }
  for (const candidate of candidates) {
    const path = join(root, candidate);
    if (!path.startsWith(root + sep) || !(await isFile(path))) continue;
    const encodings: Encoding[] = [];
    for (const encoding of ['br', 'gzip'] as const) if (await isFile(path + SUFFIX[encoding])) encodings.push(encoding);
    return { file: path.slice(root.length + 1), encodings };
  }
  return null;
}

function decodedPath(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

function fileFinder(root: string) {
  const remembered = new Map<string, { at: number; found: Found | null }>();
  return {
    async find(rawPath: string): Promise<Found | null> {
      const hit = remembered.get(rawPath);
      if (hit && Date.now() - hit.at < REMEMBER_MS) return hit.found;
      const found = await locate(root, rawPath);
      remembered.delete(rawPath);
      if (remembered.size >= REMEMBER_ENTRIES) remembered.delete(remembered.keys().next().value!);
      remembered.set(rawPath, { at: Date.now(), found });
      return found;
    },
    forget: (rawPath: string) => void remembered.delete(rawPath),
  };
}

/** The best variant the client accepts, preferring brotli when the client rates several alike. */
function pickEncoding(req: Request, available: Encoding[]): Encoding | undefined {
  if (!available.length) return undefined;
  // @types/negotiator describes 0.6, which had no server preference.
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  const best = negotiator.encoding([...available, 'identity'], { preferred: SERVER_PREFERENCE });
  return best === 'br' || best === 'gzip' ? best : undefined;
}

/** Module scripts are always UTF-8 and stylesheets fall back to the page's UTF-8, so a charset there would be 15 wasted bytes on each. */
function contentTypeOf(file: string): string {
  const extension = extname(file);
  if (extension === '.js' || extension === '.mjs' || extension === '.css') return lookup(extension) as string;
  return contentType(extension) || 'application/octet-stream';
}

/** `send` takes a URL path and decodes it: each segment of the file's path encoded whole (`~`, `#` and `?` too). */
const fileUrlPath = (file: string) => file.split('/').map(encodeURIComponent).join('/');

/** Headers this handler sets, removed again when the file fails before anything went out. */
const OWN_HEADERS = ['Cache-Control', 'Content-Type', 'Content-Encoding', 'Vary', 'ETag', 'Content-Length'];

export function staticFiles(clientDir: string): RequestHandler {
  const root = resolve(clientDir);
  const files = fileFinder(root);

  async function serve(req: Request, res: Response, next: NextFunction, rawPath: string, retry: boolean) {
    const found = await files.find(rawPath);
    if (!found) return next();
    const encoding = pickEncoding(req, found.encodings);
    // A gate in front (the admin console's) may have asked for stricter caching than the path's own.
    const cacheControl = (res.getHeader('Cache-Control') as string | undefined) ?? cacheControlFor(found.file);
    const sending = send(req, fileUrlPath(encoding ? found.file + SUFFIX[encoding] : found.file), {
      root,
      // A hashed name is its own version: nothing ever revalidates it, so no validator is sent.
      etag: cacheControl !== IMMUTABLE,
      lastModified: false,
      // Nothing here is worth resuming; a Range request gets the whole file.
      acceptRanges: false,
      cacheControl: false,
      index: false,
    });
    sending.on('headers', () => {
      res.setHeader('Cache-Control', cacheControl);
      res.setHeader('Content-Type', contentTypeOf(found.file));
      if (encoding) res.setHeader('Content-Encoding', encoding);
      if (found.encodings.length) res.setHeader('Vary', 'Accept-Encoding');
      omitKeepAliveLines(req, res);
    });
    sending.on('stream', (file: Readable) => {
      // A file rewritten since its stat can run short; a response shorter than its Content-Length must not look complete.
      const expected = Number(res.getHeader('Content-Length'));
      let read = 0;
      file.on('data', (chunk: Buffer) => (read += chunk.length));
      file.on('end', () => {
        if (read !== expected) res.destroy();
      });
    });
    const vanished = () => {
      files.forget(rawPath);
      if (retry) serve(req, res, next, rawPath, false).catch(next);
      else next();
    };
    sending.on('directory', vanished);
    sending.on('error', (error: Error & { status?: number }) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      for (const name of OWN_HEADERS) res.removeHeader(name);
      if (error.status === 404) vanished();
      else {
        files.forget(rawPath);
        next(error);
      }
    });
    sending.pipe(res);
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    serve(req, res, next, req.path, true).catch(next);
  };
}

import type { RequestHandler } from 'express';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { BuiltCspSources } from './cspSources.ts';

// on-headers ships no types; its whole API is this one function.
const onHeaders = createRequire(import.meta.url)('on-headers') as (
  res: ServerResponse,
  listener: (this: ServerResponse) => void,
) => void;

export interface PolicySources extends BuiltCspSources {
  /** Hosts the player loads covers and audio from (see mediaOriginsFromEnv). */
  mediaOrigins: readonly string[];
}

const sources = (...lists: (readonly string[])[]) => [...new Set(lists.flat())].join(' ');

/**
 * Scripts run only from this origin or when their text is one the build emitted: no
 * 'unsafe-inline', so an injected `<script>` or `onerror=` does nothing. Styles keep
 * 'unsafe-inline': every page's CSS is inlined for a first paint in one round trip, and code
 * highlighting, the tag cloud and islands put `style="…"` in the HTML; allowing them by hash
 * would add about 2 KB of hashes to every page's headers, more with each new page.
 */
export function contentSecurityPolicy({
  scriptHashes,
  imageOrigins,
  connectOrigins,
  mediaOrigins,
}: PolicySources): string {
  return [
    "default-src 'self'",
    `script-src ${sources(
      ["'self'"],
      scriptHashes.map((hash) => `'${hash}'`),
    )}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources(["'self'", 'data:', 'blob:'], imageOrigins, mediaOrigins)}`,
    `media-src ${sources(["'self'", 'blob:'], mediaOrigins)}`,
    `connect-src ${sources(["'self'"], connectOrigins)}`,
    "font-src 'self' data:",
    // The offline worker and the web app manifest, both our own files (default-src says so too;
    // named, so that a later change to default-src cannot widen them).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * One year, this host only. Not includeSubDomains: a self-hosted blog often lives beside other
 * hosts of the same domain (a NAS, a router page) that speak plain HTTP, and a browser would
 * refuse them for a year. Not preload either: that is the owner's decision to make.
 */
export const HSTS = 'max-age=31536000';

export function isHttpsSite(siteUrl: string | undefined): boolean {
  try {
    return !!siteUrl && new URL(siteUrl).protocol === 'https:';
  } catch {
    return false;
  }
}

export interface SecurityOptions {
  /** The Content-Security-Policy for documents. */
  policy: string;
  /** Send Strict-Transport-Security (when the site's address is https). */
  hsts?: boolean;
}

function isHtml(contentType: ReturnType<ServerResponse['getHeader']>): boolean {
  return /^\s*text\/html\b/i.test(String(contentType ?? ''));
}

/**
 * `nosniff` on every response. The rest only means something for a document, so it goes only
 * on HTML, whoever writes it (static pages, Astro, the 404 and error pages): a 24-byte script
 * must not carry a kilobyte of policy. The content type is known only when the headers are
 * written, so the decision waits until then.
 */
const NO_EXTRA_SOURCES: PolicySources = { scriptHashes: [], imageOrigins: [], connectOrigins: [], mediaOrigins: [] };

export function securityHeaders(
  { policy, hsts = false }: SecurityOptions = { policy: contentSecurityPolicy(NO_EXTRA_SOURCES) },
): RequestHandler {
  const documentHeaders: [string, string][] = [
    ['Content-Security-Policy', policy],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()'],
    ...(hsts ? [['Strict-Transport-Security', HSTS] as [string, string]] : []),
  ];
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    onHeaders(res, function addDocumentHeaders() {
      if (!isHtml(this.getHeader('Content-Type'))) return;
      for (const [name, value] of documentHeaders) if (!this.hasHeader(name)) this.setHeader(name, value);
    });
    next();
  };
}

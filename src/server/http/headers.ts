import type { RequestHandler } from 'express';

/**
 * The Content-Security-Policy for every response. Scripts and styles must come from this
 * origin; inline ones stay allowed because Astro's island loader and <ClientRouter /> inline
 * theirs, and Astro's hash-based CSP does not support <ClientRouter /> yet.
 */
export function contentSecurityPolicy(connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    `connect-src ${["'self'", ...connectOrigins].join(' ')}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function securityHeaders(connectOrigins: readonly string[] = []): RequestHandler {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(connectOrigins),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  };
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}

/** The origin of a configured URL, or nothing when it is empty or malformed. */
export function originOf(url: string): string[] {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
}

/** The session and device cookies: their names, reading them from a request, setting and clearing them. */
import type { CookieOptions, Request, Response } from 'express';
import { parseCookie } from 'cookie';
import { createHash, randomBytes } from 'node:crypto';
import { KNOWN_PLACE_TTL_MS } from '../users/knownPlaces.ts';

export const SESSION_COOKIE = 'blog_session';
/**
 * Marks a browser that logged in before; see users/places.ts. Every login sets a new value, so a
 * value planted by someone else is never trusted (at worst it displaces the browser's own until
 * the next login). No `__Host-` prefix: the name would then depend on SITE_URL, and adding it
 * would make every browser a stranger once.
 */
export const DEVICE_COOKIE = 'blog_device';
/**
 * A reader without an account: a long-lived random value, issued when a guest first comments, so
 * their held comments show to that browser alone. Only its hash is stored.
 */
export const READER_COOKIE = 'blog_reader';
const READER_MAX_AGE_MS = 365 * 24 * 3600_000;

const cookieOf = (req: Request, name: string): string | null => {
  const cookieHeader = req.headers.cookie;
  return cookieHeader ? (parseCookie(cookieHeader)[name] ?? null) : null;
};

/** The session token from `Authorization` (raw or Bearer), else from the HttpOnly cookie. */
export function tokenOf(req: Request): string | null {
  const header = req.get('Authorization')?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '') || null;
  return cookieOf(req, SESSION_COOKIE);
}

export const deviceTokenOf = (req: Request): string | null => cookieOf(req, DEVICE_COOKIE);

const READER_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;
const readerHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The hash of the reader cookie, or null without a well-formed one. */
export function readerOf(req: Request): string | null {
  const token = cookieOf(req, READER_COOKIE);
  return token && READER_TOKEN.test(token) ? readerHash(token) : null;
}

export interface CookieSettings {
  /** The site's address (SITE_URL) is https; decided once at start. */
  httpsSite: boolean;
}

/**
 * The session and device cookies. An https site sends them Secure even when a proxy in front
 * speaks plain HTTP to us.
 */
export function createCookies({ httpsSite }: CookieSettings) {
  const options = (req: Request): CookieOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    secure: httpsSite || req.secure,
    path: '/',
  });
  return {
    setSession(req: Request, res: Response, token: string, maxAgeMs: number): void {
      res.cookie(SESSION_COOKIE, token, { ...options(req), maxAge: maxAgeMs });
    },
    setDevice(req: Request, res: Response, token: string): void {
      res.cookie(DEVICE_COOKIE, token, { ...options(req), maxAge: KNOWN_PLACE_TTL_MS });
    },
    /**
     * The reader's hash; for a browser without the cookie, a new one and `issue` to send it, once
     * what it was made for has succeeded.
     */
    reader(req: Request, res: Response): { hash: string; issue: () => void } {
      const known = readerOf(req);
      if (known) return { hash: known, issue: () => {} };
      const token = randomBytes(32).toString('base64url');
      return {
        hash: readerHash(token),
        issue: () => void res.cookie(READER_COOKIE, token, { ...options(req), maxAge: READER_MAX_AGE_MS }),
      };
    },
    clearSession(req: Request, res: Response): void {
      res.clearCookie(SESSION_COOKIE, options(req));
    },
  };
}

export type Cookies = ReturnType<typeof createCookies>;

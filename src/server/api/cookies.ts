/** The session and device cookies: their names, reading them from a request, setting and clearing them. */
import type { CookieOptions, Request, Response } from 'express';
import { parseCookie } from 'cookie';
import { KNOWN_PLACE_TTL_MS } from '../users/knownPlaces.ts';

export const SESSION_COOKIE = 'blog_session';
/**
 * Marks a browser that logged in before; see users/places.ts. Every login sets a new value, so a
 * value planted by someone else is never trusted (at worst it displaces the browser's own until
 * the next login). No `__Host-` prefix: the name would then depend on SITE_URL, and adding it
 * would make every browser a stranger once.
 */
export const DEVICE_COOKIE = 'blog_device';

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

export interface CookieSettings {
  /** The site's address (SITE_URL) is https; decided once at start. */
  httpsSite: boolean;
}

/**
 * The session and device cookies. An https site sends them Secure even when a proxy in front
 * speaks plain HTTP to us.
 */
export function createCookies({ httpsSite }: CookieSettings) {
  const options = (req: Request): CookieOptions => ({ httpOnly: true, sameSite: 'lax', secure: httpsSite || req.secure, path: '/' });
  return {
    setSession(req: Request, res: Response, token: string, maxAgeMs: number): void {
      res.cookie(SESSION_COOKIE, token, { ...options(req), maxAge: maxAgeMs });
    },
    setDevice(req: Request, res: Response, token: string): void {
      res.cookie(DEVICE_COOKIE, token, { ...options(req), maxAge: KNOWN_PLACE_TTL_MS });
    },
    clearSession(req: Request, res: Response): void {
      res.clearCookie(SESSION_COOKIE, options(req));
    },
  };
}

export type Cookies = ReturnType<typeof createCookies>;

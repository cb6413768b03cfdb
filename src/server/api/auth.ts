/** Who is calling: the session token from `Authorization` (raw or Bearer) or the HttpOnly cookie. */
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import { parseCookie } from 'cookie';
import { KNOWN_PLACE_TTL_MS } from '../users/knownPlaces.ts';
import { hashToken, type SessionStore, type SessionUser } from '../users/sessions.ts';
import { ApiError } from './envelope.ts';

export const SESSION_COOKIE = 'blog_session';
/**
 * Marks a browser that logged in before; see users/places.ts. Every login sets a new value, so a
 * value planted by someone else is never trusted (at worst it displaces the browser's own until
 * the next login). No `__Host-` prefix: the name would then depend on SITE_URL, and adding it
 * would make every browser a stranger once.
 */
export const DEVICE_COOKIE = 'blog_device';
const users = new WeakMap<Request, SessionUser>();

export const currentUser = (req: Request): SessionUser | null => users.get(req) ?? null;

const cookieOf = (req: Request, name: string): string | null => {
  const cookieHeader = req.headers.cookie;
  return cookieHeader ? (parseCookie(cookieHeader)[name] ?? null) : null;
};

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

/**
 * Attaches the user when the credentials are valid; anonymous otherwise. Never refuses by itself.
 * When the session came by cookie and its expiry moved, the cookie moves with it.
 */
export const authenticate = (sessions: SessionStore, cookies: Cookies): RequestHandler => async (req, res, next) => {
  const token = tokenOf(req);
  if (token && token.length <= 200) {
    const found = await sessions.lookup(token);
    if (found) {
      users.set(req, found.user);
      if (found.renewedUntil && !req.get('Authorization')) cookies.setSession(req, res, token, +found.renewedUntil - Date.now());
    }
  }
  next();
};

/** The logged-in user, or a 401 the client turns into a trip to /login. */
export function requireUser(req: Request): SessionUser {
  const user = currentUser(req);
  if (!user) throw new ApiError(401, '请先登录');
  return user;
}

export function requireAdmin(req: Request): SessionUser {
  const user = requireUser(req);
  if (user.role !== 'admin') throw new ApiError(403, '权限不足');
  return user;
}

/** Where `GET /logout` sends the reader: back where they were, except from the user centre (SPEC section 2). */
export function afterLogoutPath(referer: string | undefined, host: string | undefined): string {
  let path = '/home';
  try {
    const from = referer ? new URL(referer) : null;
    if (from && from.host === host && !/^\/(userCenter|logout|login|register)\/?$/.test(from.pathname)) path = from.pathname + from.search;
  } catch {
    // An unreadable Referer: go home.
  }
  const url = new URL(path, 'http://local');
  url.searchParams.set('logout', '1');
  return url.pathname + url.search;
}

/** `GET /logout`: ends the cookie's session and lets the page finish the job (clear local state, say so). */
export const logoutRoute = (sessions: SessionStore, cookies: Cookies): RequestHandler => async (req, res) => {
  // A link on another site must not log the reader out (the Lax cookie rides along on top-level navigations).
  const site = req.get('Sec-Fetch-Site');
  if (site && site !== 'same-origin' && site !== 'none') return void res.redirect(302, '/home');
  const token = tokenOf(req);
  if (token) await sessions.revoke(hashToken(token));
  cookies.clearSession(req, res);
  res.set('Cache-Control', 'no-store').redirect(302, afterLogoutPath(req.get('Referer'), req.get('Host')));
};

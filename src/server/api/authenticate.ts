/** Who is calling: the user behind the session token, attached to the request for the routes. */
import type { Request, RequestHandler } from 'express';
import type { SessionStore, SessionUser } from '../users/sessions.ts';
import { tokenOf, type Cookies } from './cookies.ts';
import { ROLE } from '../../contract/users.ts';
import { ApiError } from './envelope.ts';

/** Longer tokens are not ours: not worth a hash and a lookup. */
const MAX_TOKEN_LENGTH = 200;
const users = new WeakMap<Request, SessionUser>();

export const currentUser = (req: Request): SessionUser | null => users.get(req) ?? null;

/**
 * Attaches the user when the credentials are valid; anonymous otherwise. Never refuses by itself.
 * When the session came by cookie and its expiry moved, the cookie moves with it.
 */
export const authenticate =
  (sessions: SessionStore, cookies: Cookies): RequestHandler =>
  async (req, res, next) => {
    const found = await sessionOf(sessions, req);
    if (found) {
      users.set(req, found.user);
      if (found.renewedUntil && !req.get('Authorization'))
        cookies.setSession(req, res, found.token, +found.renewedUntil - Date.now());
    }
    next();
  };

/** The session behind the request's bearer token or cookie, if valid. */
export async function sessionOf(sessions: Pick<SessionStore, 'lookup'>, req: Request) {
  const token = tokenOf(req);
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const found = await sessions.lookup(token);
  return found ? { ...found, token } : null;
}

/** The logged-in user, or a 401 the client turns into a trip to /login. */
export function requireUser(req: Request): SessionUser {
  const user = currentUser(req);
  if (!user) throw new ApiError(401, '请先登录');
  return user;
}

/** An admin, or a 401 for the anonymous and a 403 for everyone else. */
export function requireAdmin(req: Request): SessionUser {
  const user = requireUser(req);
  if (user.role !== ROLE.admin) throw new ApiError(403, '需要管理员权限');
  return user;
}

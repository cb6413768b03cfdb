/**
 * The console's pages (`/admin`, `/admin/…`) are for admins only: anyone else is sent to log in,
 * before the static page is served, so the console's markup never reaches them.
 */
import type { RequestHandler } from 'express';
import { posix } from 'node:path';
import { ROLE } from '../../contract/users.ts';
import { sessionOf } from '../api/authenticate.ts';
import type { SessionStore } from '../users/sessions.ts';

const CONSOLE = /^\/admin(\/|$)/;

/**
 * The path as the static files see it: decoded, dot segments and doubled slashes resolved. Judged
 * on the raw path, `/%61dmin/users`, `/admin%2F` or `/x/../admin` would pass the gate and still be
 * served the console. (Paths that do not decode were answered 400 before this.)
 */
const servedPath = (path: string) => posix.normalize(decodeURIComponent(path));

export const adminGate =
  (sessions: Pick<SessionStore, 'lookup'>): RequestHandler =>
  async (req, res, next) => {
    if (!CONSOLE.test(servedPath(req.path))) return next();
    const found = await sessionOf(sessions, req);
    if (found?.user.role === ROLE.admin) {
      res.set('Cache-Control', 'no-store');
      return next();
    }
    res.set('Cache-Control', 'no-store').redirect(302, `/login?redirect=${encodeURIComponent(req.originalUrl)}`);
  };

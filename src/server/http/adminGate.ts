/**
 * The console's pages (`/admin`, `/admin/…`) are for admins only: anyone else is sent to log in,
 * before the static page is served, so the console's markup never reaches them.
 */
import type { RequestHandler } from 'express';
import { ROLE } from '../../contract/users.ts';
import { sessionOf } from '../api/authenticate.ts';
import type { SessionStore } from '../users/sessions.ts';

const CONSOLE = /^\/admin(\/|$)/;

export const adminGate = (sessions: Pick<SessionStore, 'lookup'>): RequestHandler => async (req, res, next) => {
  if (!CONSOLE.test(req.path)) return next();
  const found = await sessionOf(sessions, req);
  if (found?.user.role === ROLE.admin) {
    res.set('Cache-Control', 'no-store');
    return next();
  }
  res.set('Cache-Control', 'no-store').redirect(302, `/login?redirect=${encodeURIComponent(req.originalUrl)}`);
};

/** `GET /logout`, the user menu's link (docs/api.md §1.5); other clients use `POST /api/user/logout`. */
import type { RequestHandler } from 'express';
import { tokenOf, type Cookies } from '../api/cookies.ts';
import { hashToken, type SessionStore } from '../users/sessions.ts';

/** Where `GET /logout` sends the reader: back where they were, unless that was the user centre, login, register or logout. */
export function afterLogoutPath(referer: string | undefined, host: string | undefined): string {
  let path = '/home';
  try {
    const from = referer ? new URL(referer) : null;
    if (from && from.host === host && !/^\/(userCenter|logout|login|register)\/?$/.test(from.pathname))
      path = from.pathname + from.search;
  } catch {
    // An unreadable Referer: go home.
  }
  const url = new URL(path, 'http://local');
  url.searchParams.set('logout', '1');
  return url.pathname + url.search;
}

/** Ends the cookie's session and lets the page finish the job (clear local state, say so). */
export const logoutRoute =
  (sessions: SessionStore, cookies: Cookies): RequestHandler =>
  async (req, res) => {
    // A link on another site must not log the reader out (the Lax cookie rides along on top-level navigations).
    const site = req.get('Sec-Fetch-Site');
    if (site && site !== 'same-origin' && site !== 'none') return void res.redirect(302, '/home');
    const token = tokenOf(req);
    if (token) await sessions.revoke(hashToken(token));
    cookies.clearSession(req, res);
    res.set('Cache-Control', 'no-store').redirect(302, afterLogoutPath(req.get('Referer'), req.get('Host')));
  };

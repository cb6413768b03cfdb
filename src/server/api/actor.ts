/**
 * Who a like, an `is_like` and a budget belong to: the one place that says how readers are told
 * apart. A logged-in reader is their account. Anyone else is their device: the reader cookie, a
 * long-lived random value (only its hash is kept), given on the first call that counts something.
 * Readers behind one carrier's address are so told apart; a client that sends no cookie is a new
 * device on every call, which the per-address budgets cap.
 */
import type { Request, RequestHandler } from 'express';
import { addressOf } from '../budgets/limiter.ts';
import type { Actor } from '../likes/table.ts';
import { currentUser } from './authenticate.ts';
import { readerOf, type Cookies } from './cookies.ts';

/** The devices given in this request, before the browser has sent their cookie back. */
const given = new WeakMap<Request, string>();

/**
 * For the calls that count (views, likes): a browser without a reader cookie gets one, and the
 * call counts for that device.
 */
export const withDevice =
  (cookies: Cookies): RequestHandler =>
  (req, res, next) => {
    const { hash, issue } = cookies.reader(req, res);
    issue();
    given.set(req, hash);
    next();
  };

const deviceOf = (req: Request): string | null => given.get(req) ?? readerOf(req);

/** A reader without an account or a device: likes nothing, and can like nothing (a like always has a device). */
const NOBODY = 'reader:-';

/** The account or the device of a request; null with neither. */
function readerKeyOf(req: Request): string | null {
  const user = currentUser(req);
  if (user) return `user:${user.id}`;
  const device = deviceOf(req);
  return device ? `reader:${device}` : null;
}

/** The reader of a request, for likes and `is_like`. */
export const actorOf = (req: Request): Actor => readerKeyOf(req) ?? NOBODY;

/** The reader of a request, for a reader's budget: the account, the device, or, with neither, the address. */
export const budgetActorOf = (req: Request): string => readerKeyOf(req) ?? `ip:${addressOf(req)}`;

/** The address of a call without an account, for the budgets that cap such calls; null for an account's. */
export const signedOutAddressOf = (req: Request): string | null => (currentUser(req) ? null : addressOf(req));

/**
 * Who a like, an `is_like` and a per-reader budget belong to: the one place that says how readers
 * are told apart. A logged-in reader is their account; anyone else, for now, their address.
 */
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Actor } from '../likes/table.ts';
import { currentUser } from './authenticate.ts';

function actorFrom(req: Request, address: (ip: string) => string): Actor {
  const user = currentUser(req);
  return user ? `user:${user.id}` : `ip:${address(req.ip ?? 'unknown')}`;
}

/** The reader of a request, for likes and `is_like`. */
export const actorOf = (req: Request): Actor => actorFrom(req, (ip) => ip);

/** The reader of a request, for budgets: an IPv6 address by its /56, so one network cannot dodge a budget by hopping addresses. */
export const budgetActorOf = (req: Request): Actor => actorFrom(req, ipKeyGenerator);

/**
 * The /wapi routes, registered against the endpoint table's music group (src/contract/endpoints.ts)
 * behind the entry's budgets: per address (IPv6 by its /64), counted where the API's are, so every
 * process on the database shares them; over one, a 429 with Retry-After in the music answer shape.
 */
import type { RequestHandler, Router } from 'express';
import type { Budget } from '../../contract/budgets.ts';
import { MUSIC_API } from '../../contract/endpoints.ts';
import { addressOf, budget } from '../budgets/limiter.ts';
import { MusicError, musicBody } from './errors.ts';

type MusicEndpoint = (typeof MUSIC_API.endpoints)[keyof typeof MUSIC_API.endpoints];

function perAddress({ max, windowMs, message, name }: Budget): RequestHandler {
  return budget({
    limit: max,
    windowMs,
    message,
    name,
    keyGenerator: addressOf,
    refuse: (_req, res) =>
      void res
        .status(429)
        .set('Retry-After', String(Math.ceil(windowMs / 1000)))
        .json(musicBody(new MusicError(429, message))),
  });
}

/** One counter per budget, however many routes spend it. */
const limiters = new WeakMap<Budget, RequestHandler>();
function limiterOf(rule: Budget): RequestHandler {
  let limiter = limiters.get(rule);
  if (!limiter) limiters.set(rule, (limiter = perAddress(rule)));
  return limiter;
}

/** Registers the entry's GET on `router`, which is mounted at the group's prefix. */
export function route(router: Router, entry: MusicEndpoint, handler: RequestHandler): void {
  router.get(entry.path.slice(MUSIC_API.prefix.length), ...entry.budgets.map(limiterOf), handler);
}

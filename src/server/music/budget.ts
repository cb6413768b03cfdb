/**
 * Per-address request budgets on /wapi (IPv6 by its /64), counted where the API's are, so every
 * process on the database shares them; over one, a 429 with Retry-After in the music answer shape.
 */
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { addressOf } from '../api/actor.ts';
import { budgetStore } from '../api/middleware.ts';
import { MusicError, musicBody } from './errors.ts';

/** `name` tells this budget's count apart from the others'. */
export function perAddress(name: string, limit: number, windowMs = 60_000): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    keyGenerator: addressOf,
    ...budgetStore(`wapi-${name}`),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => void res.status(429).set('Retry-After', String(Math.ceil(windowMs / 1000))).json(musicBody(new MusicError(429, '请求太频繁，请稍后再试'))),
  });
}

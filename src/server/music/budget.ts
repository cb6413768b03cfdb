/** Per-address request budgets on /wapi; over one, a 429 with Retry-After in the music answer shape. */
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { MusicError, musicBody } from './errors.ts';

export function perAddress(limit: number, windowMs = 60_000): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => void res.status(429).set('Retry-After', String(Math.ceil(windowMs / 1000))).json(musicBody(new MusicError(429, '请求太频繁，请稍后再试'))),
  });
}

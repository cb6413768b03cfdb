import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { Budget } from '../../contract/budgets.ts';
import type { Quota } from '../budgets/quota.ts';
import { addressOf, budget as countedBudget, secondsLeft, type BudgetOptions } from '../budgets/limiter.ts';
import { budgetActorOf, signedOutAddressOf } from './actor.ts';
import { ApiError, errorBody, forbidden } from './envelope.ts';
import { clientErrorStatus, messageForStatus } from '../shared/httpStatus.ts';
import { Conflict, InvalidInput, NotFound, NotYours, Refused, RetryLater, SignInRequired } from '../shared/errors.ts';
import { QueueFull } from '../users/workQueue.ts';
import { isBusy } from '../db/renewedAfterBusy.ts';
import { isPostgresBusy } from '../db/sqlState.ts';

export const JSON_BODY_LIMIT = '64kb';
const REQUEST_TIMEOUT_MS = 10_000;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const smallJson = express.json({ limit: JSON_BODY_LIMIT });
/** Articles are longer than anything else sent: the writing console reads its own bodies, after checking the admin. */
export const WRITING_PATH = '/admin/writing/';
export const WRITING_BODY_LIMIT = '1mb';
export const jsonBody = (): RequestHandler => (req, res, next) =>
  req.path.startsWith(WRITING_PATH) ? next() : smallJson(req, res, next);

/**
 * State-changing calls must say `X-Requested-With: XMLHttpRequest`. A cross-site form cannot
 * set the header, and a cross-site script cannot either without a CORS preflight we never grant.
 */
export const requireXhr = (): RequestHandler => (req, _res, next) => {
  if (STATE_CHANGING.has(req.method) && req.get('X-Requested-With') !== 'XMLHttpRequest') {
    next(forbidden('请求被拒绝：缺少 X-Requested-With 请求头'));
  } else next();
};

/**
 * Answers 408 when a handler has not finished in time, instead of leaving the reader waiting.
 * A handler that finishes later finds `res.headersSent` set: it must undo what the client will
 * never hear of (a login's new session) and not write again.
 */
export const timeout =
  (ms = REQUEST_TIMEOUT_MS): RequestHandler =>
  (req, res, next) => {
    let timer: NodeJS.Timeout | undefined;
    const expire = () => {
      if (res.headersSent) return;
      // The body is still coming in (a photo from a phone on a weak signal): that is the server's request
      // timeout's to judge (http/connections.ts). The handler's time starts again once it is all here.
      if (!req.complete) return void req.once('end', () => (timer = setTimeout(expire, ms)));
      res.status(408).json(errorBody(new ApiError(408, '请求超时，请稍后重试')));
    };
    timer = setTimeout(expire, ms);
    res.on('close', () => clearTimeout(timer));
    res.on('finish', () => clearTimeout(timer));
    next();
  };

const BUDGETS_SPENT = new WeakMap<RequestHandler, Budget>();
const QUOTAS = new WeakMap<Response, Quota>();

/**
 * The middleware that spends one of the table's budgets (src/contract/budgets.ts). Made once per
 * budget in a router, where several routes name the same budget: they then share one count.
 * `keyOf` says whose key a `licenseKey` budget counts.
 */
export function spend(rule: Budget, keyOf?: (req: Request) => string): RequestHandler {
  const { max, windowMs, per, message, name } = rule;
  let handler: RequestHandler;
  const limit = { limit: max, windowMs, message, name };
  if (rule.excess === 'uncounted') handler = quotaOf(rule);
  else if (per === 'address') handler = budget({ ...limit, keyGenerator: addressOf });
  else if (per === 'reader') handler = budget({ ...limit, keyGenerator: budgetActorOf });
  else if (per === 'signedOutAddress')
    handler = budget({
      ...limit,
      keyGenerator: (req) => signedOutAddressOf(req) ?? '',
      skip: (req) => !signedOutAddressOf(req),
    });
  else if (keyOf) handler = budget({ ...limit, keyGenerator: keyOf });
  else throw new Error('按授权码限流需要给出取授权码的方法');
  BUDGETS_SPENT.set(handler, rule);
  return handler;
}

/** Calls known, before routing, to be past their budget's count or beyond what may wait for it (http/countingLane.ts). */
const LEFT_UNCOUNTED = new WeakSet<Request>();

/** Answers the call as usual, without counting it or spending its quota. */
export const leaveUncounted = (req: Request): void => void LEFT_UNCOUNTED.add(req);

/** The key a budget whose excess goes uncounted counts a call under. */
export const quotaKeyOf = (rule: Budget, req: Request): string => `${rule.name}|${addressOf(req)}`;

/** A budget whose excess goes uncounted: the call goes on, carrying the quota its counted write spends. */
function quotaOf(rule: Budget): RequestHandler {
  if (rule.per !== 'address' || !rule.name) throw new Error('不拒绝的额度只能按地址计，并且要有名字');
  const { max, windowMs } = rule;
  return (req, res, next) => {
    QUOTAS.set(res, { key: quotaKeyOf(rule, req), max, windowMs, ...(LEFT_UNCOUNTED.has(req) ? { spent: true } : {}) });
    next();
  };
}

/** The quota the route's counted write spends (see `spend`). */
export function quotaFor(res: Response): Quota {
  const quota = QUOTAS.get(res);
  if (!quota) throw new Error('这个接口没有计数额度');
  return quota;
}

/** Which budget a handler spends, if it is one made by `spend`. */
export const budgetOf = (handler: RequestHandler): Budget | undefined => BUDGETS_SPENT.get(handler);

/** A budget that refuses with a 429 in the API's envelope, after the time its window has left. */
function budget(options: Omit<BudgetOptions, 'refuse'>): RequestHandler {
  return countedBudget({
    ...options,
    refuse: (req, res) =>
      void res
        .status(429)
        .set('Retry-After', String(secondsLeft(req, options.windowMs)))
        .json(errorBody(new ApiError(429, options.message))),
  });
}

/** A body parser's byte limit as its setting reads (`64KB`, `1MB`): each route group has its own. */
const limitInWords = (bytes: number) =>
  bytes % 1048576 === 0 ? `${bytes / 1048576}MB` : `${Math.round(bytes / 1024)}KB`;

export const apiNotFound = (): RequestHandler => (_req, _res, next) => next(new ApiError(404, '接口不存在'));

/** Every error leaves as an envelope with a Chinese message; unexpected ones are logged, never shown. */
export const apiErrors = (): ErrorRequestHandler => (error, _req, res, _next) => {
  // Already answered (a 408 went out first): the late handler's failure is no news.
  if (res.headersSent) return;
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (error?.type === 'entity.too.large')
    apiError = new ApiError(413, `请求内容过大，最多 ${limitInWords(error.limit)}`);
  else if (error?.type === 'entity.parse.failed')
    apiError = new ApiError(400, '请求体不是有效的 JSON', { fields: ['body'] });
  else if (error?.type === 'encoding.unsupported' || error?.type === 'charset.unsupported')
    apiError = new ApiError(415, '不支持的请求编码');
  else if (error instanceof RetryLater)
    apiError = new ApiError(429, error.message, {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))) },
    });
  else if (error instanceof QueueFull) apiError = new ApiError(429, error.message, { headers: { 'Retry-After': '1' } });
  else if (error instanceof InvalidInput || error instanceof Refused)
    apiError = new ApiError(400, error.message, { fields: error.fields });
  else if (error instanceof SignInRequired) apiError = new ApiError(401, error.message);
  else if (error instanceof NotFound) apiError = new ApiError(404, error.message);
  else if (error instanceof NotYours) apiError = new ApiError(403, error.message);
  else if (error instanceof Conflict) apiError = new ApiError(409, error.message, { detail: { disk: error.current } });
  else if (isBusy(error) || isBusy(error?.cause) || isPostgresBusy(error)) {
    // Another writer held the database for the whole busy timeout, or PostgreSQL was restarting: nothing was written, and a retry soon will do.
    console.error(error);
    apiError = new ApiError(500, '数据库正忙，请稍后再试');
  } else {
    // What the body parser or router rejected (a body that does not decompress, a cut-off upload) is the client's mistake.
    const status = clientErrorStatus(error) ?? 500;
    if (status === 500) console.error(error);
    apiError = new ApiError(status, messageForStatus(status));
  }
  if (apiError.headers) res.set(apiError.headers);
  res.status(apiError.status).json(errorBody(apiError));
};

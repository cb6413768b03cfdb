/** The last word on any request that failed: the right shape for its part of the site, never a stack trace. */
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, errorBody } from '../api/envelope.ts';
import { MusicError, musicBody } from '../music/errors.ts';
import { clientErrorStatus, messageForStatus } from '../shared/httpStatus.ts';

/** An error that already knows its status, like the 400 of a malformed path. */
export class HttpError extends Error {
  status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const statusOf = (error: unknown): number => clientErrorStatus(error) ?? 500;

const messageFor = (error: unknown, status: number): string =>
  error instanceof HttpError ? error.message : messageForStatus(status);

const partOf = (req: Request) =>
  /^\/api(\/|$)/.test(req.path) ? 'api' : /^\/wapi(\/|$)/.test(req.path) ? 'wapi' : 'page';

function errorPage(status: number, message: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${status} · ${message}</title></head><body><h1>${status}</h1><p>${message}</p><p><a href="/home">返回首页</a></p></body></html>`;
}

/**
 * A path whose percent-escapes do not decode (`/%`, `/article/%E0%A4%A`) names nothing: 400 here,
 * before any router tries to decode it and fails with a 500.
 */
export const rejectMalformedPaths = (): RequestHandler => (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(new HttpError(400, '请求无效：地址中的编码不正确'));
  }
  next();
};

export const appErrors = (): ErrorRequestHandler => (error, req, res, _next) => {
  const status = statusOf(error);
  if (status >= 500) console.error(error);
  // Part of the answer is out already: cutting the connection is the only honest end.
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const message = messageFor(error, status);
  res.status(status).set('Cache-Control', 'no-store');
  const part = partOf(req);
  if (part === 'api') res.json(errorBody(new ApiError(status, message)));
  else if (part === 'wapi') res.json(musicBody(new MusicError(status, message)));
  else if (req.method === 'HEAD') res.type('html').end();
  else res.type('html').send(errorPage(status, message));
};

/** Node drops a CONNECT request without a word when nobody listens for it; this is no proxy, so it says so. */
export function refuseTunnels(server: Server) {
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(
      'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
  });
}

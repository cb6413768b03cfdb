/**
 * Lingering close, as nginx does it and RFC 9112 §9.6 asks: a server that answers before it has
 * read the whole request must not simply close. The rest of the body would then reach a closed
 * socket, the kernel would answer it with a reset, and the reset makes the client drop the answer
 * unread: a reader sees "connection reset" instead of "请先登录" or "请求内容过大". So the server
 * half-closes (its answer goes out in full), reads and drops what the client still sends, and only
 * then closes. It stops sooner for a client that sends too much, too slowly or for too long.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { STATUS_CODES } from './nodeHttp.ts';
import type { Socket } from 'node:net';
import type { Duplex, Readable } from 'node:stream';

export interface LingerLimits {
  /** More of an unwanted body than this is not worth reading: the connection is cut. */
  maxBytes: number;
  /** A client that sends nothing for this long is done, or gone. */
  idleMs: number;
  /** No connection lingers longer than this in all, however steadily it sends. */
  maxMs: number;
}

/** nginx's lingering_timeout (5 s) and lingering_time (30 s), and a byte cap above any body we accept (an article's photo, 20 MB). */
export const LINGER_LIMITS: LingerLimits = { maxBytes: 24 * 1024 * 1024, idleMs: 5_000, maxMs: 30_000 };

/**
 * Reads and drops what `body` still brings until it ends, then calls `done`. Past a limit the
 * connection is cut instead: then the answer may be lost, but the server's time is not.
 */
function dropWithinLimits(socket: Duplex, body: Readable, limits: LingerLimits, done: () => void): void {
  let dropped = 0;
  let over = false;
  const stop = (cut: boolean) => {
    if (over) return;
    over = true;
    clearTimeout(idle);
    clearTimeout(total);
    body.off('data', onData);
    if (cut) socket.destroy();
    else done();
  };
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limits.maxBytes) stop(true);
    else idle.refresh();
  };
  const idle = setTimeout(() => stop(true), limits.idleMs).unref();
  const total = setTimeout(() => stop(true), limits.maxMs).unref();
  body.on('data', onData);
  body.once('end', () => stop(false));
  socket.once('close', () => stop(false));
  body.resume();
}

/** Closes once the answer written so far is out, as Node's own `destroySoon` does. */
function closeWhenSent(socket: Duplex) {
  if (socket.writableFinished) socket.destroy();
  else socket.once('finish', () => socket.destroy());
}

const declaresBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;

/**
 * An answer given before the request's body was read (401 before an upload, 404, 415): the rest
 * of the body is read and dropped. On a kept-alive connection the next request then follows as
 * usual; on one that closes with this answer, Node's close waits until the body is in.
 */
export function lingerAfterEarlyAnswers(server: Server, limits = LINGER_LIMITS) {
  // Ahead of the app: an answer it gives at once would otherwise finish before anyone listens.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('prefinish', () => {
      if (!req.complete && !req.destroyed && declaresBody(req)) dropRestOfBody(req, req.socket, limits);
    });
  });
}

function dropRestOfBody(req: IncomingMessage, socket: Socket, limits: LingerLimits) {
  const closeAfterAnswer = socket.destroySoon;
  let closing = false;
  // Node closes a connection that ends with this answer by destroySoon(): half-close instead.
  socket.destroySoon = () => {
    closing = true;
    socket.end();
  };
  dropWithinLimits(socket, req, limits, () => {
    socket.destroySoon = closeAfterAnswer;
    if (closing) closeWhenSent(socket);
  });
}

/**
 * A request the HTTP parser refuses (an unknown method, a header too large) gets its answer and a
 * lingering close: a client still sending a large body reads the 400 instead of a reset.
 */
export function answerUnreadableRequests(server: Server, limits = LINGER_LIMITS) {
  // The parser refuses every later piece of the same request again: those are the body to drop.
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return;
    socket.on('error', () => socket.destroy());
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    answered.add(socket);
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : timedOut ? 408 : 400;
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    // A client too slow to send its request in time gets no more time to send the rest.
    if (timedOut) return closeWhenSent(socket);
    // The socket's own data is the rest of the request; it ends when the client has sent all.
    dropWithinLimits(socket, socket, limits, () => closeWhenSent(socket));
  });
}

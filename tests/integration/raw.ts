/**
 * HTTP/1.1 over a bare socket: the request goes out byte for byte (bad escapes, NUL, odd methods
 * that `http.request` would refuse to send), and the answer is read as it arrived, so a reset or
 * a connection closed without an answer is seen as exactly that.
 */
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface RawRequest {
  method?: string;
  /** The request target as sent; characters U+0000–U+00FF go out as single bytes. */
  target: string;
  headers?: [string, string][];
  body?: Buffer | string;
}

export interface RawAnswer {
  status: number;
  /** The status line and header lines with their CRLFs, plus the blank line that ends them. */
  head: string;
  headers: Record<string, string>;
  /** De-chunked but still content-encoded. */
  body: Buffer;
  /** The body arrived in full: as long as Content-Length said, or to the last chunk. */
  complete: boolean;
}

/** The request's bytes; latin1 keeps every character below U+0100 as the one byte it names. */
export function encodeRequest({ method = 'GET', target, headers = [], body }: RawRequest, host: string): Buffer {
  const bodyBytes = body === undefined ? null : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    `Host: ${host}`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  if (bodyBytes && !headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name)))
    lines.push(`Content-Length: ${bodyBytes.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return bodyBytes ? Buffer.concat([head, bodyBytes]) : head;
}

function dechunk(data: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return { body: Buffer.concat(parts), complete: false };
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return { body: Buffer.concat(parts), complete: false };
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
    if (at > data.length) return { body: Buffer.concat(parts), complete: false };
  }
}

export function parseAnswer(data: Buffer, method: string): RawAnswer | null {
  // Interim answers (100 Continue, 103 Early Hints) come first; the real one follows.
  while (
    /^HTTP\/1\.[01] 1(0[02-9]|[1-9]\d)/.test(data.subarray(0, 16).toString('latin1')) &&
    data.includes('\r\n\r\n')
  ) {
    data = data.subarray(data.indexOf('\r\n\r\n') + 4);
  }
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = data.subarray(0, headEnd + 4).toString('latin1');
  const [statusLine, ...lines] = head.slice(0, -4).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] =
      headers[name] === undefined ? line.slice(colon + 1).trim() : `${headers[name]}, ${line.slice(colon + 1).trim()}`;
  }
  const rest = data.subarray(headEnd + 4);
  if (method === 'HEAD' || status === 204 || status === 304 || status < 200)
    return { status, head, headers, body: Buffer.alloc(0), complete: true };
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) return { status, head, headers, ...dechunk(rest) };
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    return { status, head, headers, body: rest.subarray(0, length), complete: rest.length >= length };
  }
  return { status, head, headers, body: rest, complete: true };
}

/**
 * One request on its own connection (`Connection: close` is added), read until the server closes.
 * Rejects when no complete answer head arrived: a dropped connection, a reset, or silence.
 */
export function exchange(origin: string, request: RawRequest, timeoutMs = 20_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const bytes = encodeRequest(
    { ...request, headers: [...(request.headers ?? []), ['Connection', 'close']] },
    `${hostname}:${port}`,
  );
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname);
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const answer = parseAnswer(Buffer.concat(chunks), request.method ?? 'GET');
      // A server may answer early (413) and reset while the rest of a large body is still going out.
      if (answer) resolve(answer);
      else
        reject(
          new Error(
            error
              ? `连接出错（${(error as NodeJS.ErrnoException).code ?? error.message}），没有收到回答`
              : '连接被关闭，没有收到回答',
          ),
        );
    };
    socket.setTimeout(timeoutMs, () => settle(new Error('超时')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => settle());
    socket.on('close', () => settle());
    socket.on('error', (error) => settle(error));
    socket.write(bytes);
  });
}

/** Only the head of the answer, on a kept-alive connection, exactly as many bytes as arrived. */
export function answerHead(origin: string, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    const socket = connect(Number(port), hostname, () => socket.write(encodeRequest(request, `${hostname}:${port}`)));
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      const answer = parseAnswer(data, 'HEAD');
      if (answer) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
    socket.on('end', () => reject(new Error('连接被关闭，没有收到回答')));
  });
}

export function decodedBody(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  if (encoding === 'deflate') return inflateSync(answer.body);
  return answer.body;
}

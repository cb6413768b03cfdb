import { request } from 'node:http';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** GET a /wapi path and read the JSON answer. */
export async function getJson<T = any>(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

/**
 * Sends the path exactly as written: fetch would resolve `..` and fix backslashes before
 * sending, which would hide what a hostile client can really put on the wire.
 */
export function rawGet(
  base: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Asks again and again until `check` passes or the deadline has passed; returns the last value. */
export async function poll<T>(read: () => Promise<T>, check: (value: T) => boolean, deadlineMs = 20_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  let value = await read();
  while (!check(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

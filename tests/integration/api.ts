import { createClient, type InValue, type Row } from '@libsql/client';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from './serve';

export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: { code: number; message: string; result?: T };
}

export interface CallOptions {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  ip?: string;
  /** The browser the call comes from: its reader cookie, named by any string (a browser without an account is told apart by it). */
  reader?: string;
}

/** The reader cookie of the browser a test names `name`: a well-formed value, the same for the same name. */
export const readerCookie = (name: string) => `blog_reader=${createHash('sha256').update(name).digest('base64url')}`;

export interface ApiClient {
  server: RunningServer;
  dir: string;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<ApiAnswer<T>>;
  /** Runs one statement on the server's database file, as a check from outside the API. */
  sql(statement: string, args?: InValue[]): Promise<Row[]>;
  /** Stops the server (or, with `crash`, kills it at once) and starts a new one on the same database. */
  restart(how?: { crash?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/** The built server on a fresh SQLite file in a temp dir, trusting X-Forwarded-For so tests can act as several readers. */
export async function startApi(env: Record<string, string> = {}): Promise<ApiClient> {
  const dir = mkdtempSync(join(tmpdir(), 'blog-api-'));
  const serverEnv = {
    DATABASE_URL: `file:${join(dir, 'blog.db')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
    LICENSE_KEY_DIR: dir,
    TRUST_PROXY: 'loopback',
    ...env,
  };
  const client: ApiClient = {
    server: await startServer(serverEnv),
    dir,
    async call(method, path, { body, raw, headers = {}, ip, reader } = {}) {
      const res = await fetch(`${client.server.url}/api${path}`, {
        method,
        headers: {
          ...(method === 'GET' ? {} : { 'X-Requested-With': 'XMLHttpRequest' }),
          ...(body !== undefined || raw !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(ip ? { 'X-Forwarded-For': ip } : {}),
          ...(reader ? { Cookie: readerCookie(reader) } : {}),
          ...headers,
        },
        body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
      return { status: res.status, headers: res.headers, body: await res.json() };
    },
    async sql(statement, args = []) {
      const db = createClient({ url: `file:${join(dir, 'blog.db')}` });
      try {
        return (await db.execute({ sql: statement, args })).rows;
      } finally {
        db.close();
      }
    },
    async restart({ crash = false } = {}) {
      await (crash ? client.server.crash() : client.server.stop());
      client.server = await startServer(serverEnv);
    },
    async stop() {
      await client.server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return client;
}

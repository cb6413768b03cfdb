import type { InValue, Row } from '@libsql/client';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newDatabaseUrl, sqlOn } from './databases';
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
  /** The server's database (databases.ts). */
  databaseUrl: string;
  /** Runs one statement on the server's database, as a check from outside the API (`?` placeholders on either engine). */
  sql(statement: string, args?: (InValue | Date)[]): Promise<Row[]>;
  /** Stops the server (or, with `crash`, kills it at once) and starts a new one on the same database. */
  restart(how?: { crash?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/** The built server on a fresh database (a SQLite file in a temp dir, or the project's PostgreSQL), trusting X-Forwarded-For so tests can act as several readers. */
export async function startApi(env: Record<string, string> = {}): Promise<ApiClient> {
  const dir = mkdtempSync(join(tmpdir(), 'blog-api-'));
  const serverEnv = {
    DATABASE_URL: env.DATABASE_URL ?? (await newDatabaseUrl(dir)),
    UPLOAD_DIR: join(dir, 'uploads'),
    LICENSE_KEY_DIR: dir,
    TRUST_PROXY: 'loopback',
    ...env,
  };
  const client: ApiClient = {
    server: await startServer(serverEnv),
    dir,
    databaseUrl: serverEnv.DATABASE_URL,
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
    sql: (statement, args = []) => sqlOn(serverEnv.DATABASE_URL, statement, args),
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

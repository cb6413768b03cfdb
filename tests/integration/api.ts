import { createClient, type InValue, type Row } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from './serve';

export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: { code: number; message: string; result?: T };
}

export interface ApiClient {
  server: RunningServer;
  dir: string;
  call<T = any>(method: string, path: string, options?: { body?: unknown; raw?: string; headers?: Record<string, string>; ip?: string }): Promise<ApiAnswer<T>>;
  /** Runs one statement on the server's database file, as a check from outside the API. */
  sql(statement: string, args?: InValue[]): Promise<Row[]>;
  /** Stops the server and starts a new one on the same database. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The built server on a fresh SQLite file in a temp dir, trusting X-Forwarded-For so tests can act as several readers. */
export async function startApi(env: Record<string, string> = {}): Promise<ApiClient> {
  const dir = mkdtempSync(join(tmpdir(), 'blog-api-'));
  const serverEnv = { DATABASE_URL: `file:${join(dir, 'blog.db')}`, UPLOAD_DIR: join(dir, 'uploads'), LICENSE_KEY_DIR: dir, TRUST_PROXY: 'loopback', ...env };
  const client: ApiClient = {
    server: await startServer(serverEnv),
    dir,
    async call(method, path, { body, raw, headers = {}, ip } = {}) {
      const res = await fetch(`${client.server.url}/api${path}`, {
        method,
        headers: {
          ...(method === 'GET' ? {} : { 'X-Requested-With': 'XMLHttpRequest' }),
          ...(body !== undefined || raw !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(ip ? { 'X-Forwarded-For': ip } : {}),
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
    async restart() {
      await client.server.stop();
      client.server = await startServer(serverEnv);
    },
    async stop() {
      await client.server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return client;
}

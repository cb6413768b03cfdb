/**
 * The private PostgreSQL of the `postgres` test project: started once for the run, stopped at its
 * end. Each server a test starts gets an empty database of its own on it (databases.ts).
 */
import type { TestProject } from 'vitest/node';
import { startPostgres, type PrivatePostgres } from '../../scripts/lib/privatePostgres';

let server: PrivatePostgres | undefined;

export async function setup(project: TestProject) {
  // fsync off: the cluster lives for one run, and the crash tests kill app nodes, not the server.
  server = await startPostgres({ settings: { fsync: 'off', max_connections: 300 } });
  project.provide('postgres', server.url);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The private server's URL in the `postgres` project; absent in the SQLite one. */
    postgres?: string;
  }
}

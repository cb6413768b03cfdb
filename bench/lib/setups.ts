/**
 * The set-up a load benchmark runs against: an engine (`--engine=sqlite|postgres`) and a number of
 * app nodes (`--nodes=N`) over one database, each a production server. Load is split evenly over
 * the nodes, as a load balancer would, and each phase's figures are added up (answers, rates) or
 * taken at the worst node (latencies).
 *
 * PostgreSQL is a private server from Debian's binaries (scripts/lib/privatePostgres.ts) with the
 * settings in POSTGRES_SETTINGS: durable, as in production.
 */
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres, type PrivatePostgres } from '../../scripts/lib/privatePostgres.ts';
import { numberedPlaceholders } from '../../src/server/db/postgres.ts';
import type { Length, PhaseResult } from './load.ts';
import { serve } from './server.ts';

/** PostgreSQL as the benchmark runs it: Debian's defaults, durable commits included, a few made explicit. */
export const POSTGRES_SETTINGS = {
  fsync: 'on',
  synchronous_commit: 'on',
  shared_buffers: '128MB',
  max_connections: 100,
};

export interface Setup {
  label: string;
  nodes: { origin: string; pid: number }[];
  /** Runs one statement on the database from outside, in SQLite's `?` placeholders. */
  sql(statement: string, args?: (string | number)[]): Promise<Record<string, unknown>[]>;
  /** Runs `run` on every node at once with its share of the load, and adds their results up. */
  split(run: (origin: string, share: (n: number) => number) => Promise<PhaseResult>): Promise<PhaseResult>;
  stop(): Promise<void>;
}

export interface SetupOptions {
  engine: 'sqlite' | 'postgres';
  nodes: number;
}

/** `--engine=…` and `--nodes=…` from the command line; SQLite with one node by default. */
export function setupFromArgs(args = process.argv.slice(2)): SetupOptions {
  const value = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const engine = value('engine') ?? 'sqlite';
  const nodes = Number(value('nodes') ?? 1);
  if ((engine !== 'sqlite' && engine !== 'postgres') || !Number.isInteger(nodes) || nodes < 1) {
    throw new Error(
      '用法：npm run bench:burst -- --engine=sqlite|postgres --nodes=1|2|…（SQLite 也可以多个节点共用一个文件）',
    );
  }
  return { engine, nodes };
}

const add = (results: PhaseResult[]): PhaseResult => ({
  name: results[0].name,
  ok: results.reduce((sum, r) => sum + r.ok, 0),
  okPerSecond: results.reduce((sum, r) => sum + r.okPerSecond, 0),
  p50: Math.max(...results.map((r) => r.p50)),
  p99: Math.max(...results.map((r) => r.p99)),
  failed: results.reduce((sum, r) => sum + r.failed, 0),
});

/** `length` split over `nodes`: a time stays, an amount is shared. */
export const shareOf = (length: Length, nodes: number): Length =>
  'amount' in length ? { amount: Math.ceil(length.amount / nodes) } : length;

export async function startSetup(
  { engine, nodes }: SetupOptions,
  work: string,
  env: Record<string, string>,
): Promise<Setup> {
  let postgres: PrivatePostgres | null = null;
  let url = `file:${join(work, 'blog.db')}`;
  if (engine === 'postgres') {
    postgres = await startPostgres({ settings: POSTGRES_SETTINGS });
    url = await postgres.createDatabase('bench');
  }
  // One at a time: the first applies the migrations, the next find them applied.
  const servers: Awaited<ReturnType<typeof serve>>[] = [];
  for (let i = 0; i < nodes; i++) servers.push(await serve({ ...env, DATABASE_URL: url }));
  const pool = postgres ? new pg.Pool({ connectionString: url, max: 2 }) : null;
  const file = postgres ? null : createClient({ url });
  return {
    label: `${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}，${nodes} 个节点`,
    nodes: servers,
    async sql(statement, args = []) {
      if (file) return (await file.execute({ sql: statement, args })).rows;
      return (await pool!.query(numberedPlaceholders(statement), args)).rows;
    },
    async split(run) {
      return add(
        await Promise.all(servers.map((server) => run(server.origin, (n) => Math.max(1, Math.round(n / nodes))))),
      );
    },
    async stop() {
      file?.close();
      await pool?.end();
      await Promise.all(servers.map((server) => server.stop()));
      await postgres?.stop();
    },
  };
}

/**
 * A private PostgreSQL server for the tests and benchmarks: Debian's `postgresql` binaries, a new
 * cluster in a temp folder, listening on a free loopback port and on a socket in that folder, and
 * removed when stopped. Nothing on the machine is shared with it, so runs never meet each other.
 *
 * PostgreSQL refuses to run as root: when the tests run as root, the cluster belongs to the
 * `postgres` user that the Debian package creates, and its commands run as that user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './freePort.ts';

/** Where Debian puts each major version's programs; the newest installed is used. */
const DEBIAN_BINARIES = '/usr/lib/postgresql';

export interface PrivatePostgres {
  /** A URL to the `postgres` database, as the superuser (trust authentication: the server is private). */
  url: string;
  port: number;
  /** Creates an empty database and answers with its URL. */
  createDatabase(name: string): Promise<string>;
  /** A fast shutdown and a start again, on the same port and data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Creates an empty database on the server whose `postgres` database `url` names; answers its URL. */
export async function createDatabaseOn(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const database = new URL(url);
  database.pathname = `/${encodeURIComponent(name)}`;
  return database.toString();
}

/** The folder of `initdb` and `pg_ctl`: POSTGRES_BIN, or the newest Debian version installed; null if there is none. */
export function postgresBinaries(env: Record<string, string | undefined> = process.env): string | null {
  if (env.POSTGRES_BIN) return env.POSTGRES_BIN;
  if (!existsSync(DEBIAN_BINARIES)) return null;
  const versions = readdirSync(DEBIAN_BINARIES)
    .filter((name) => existsSync(join(DEBIAN_BINARIES, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(DEBIAN_BINARIES, versions[0], 'bin') : null;
}

/** The uid and gid the cluster runs as: the `postgres` user when this process is root. */
function clusterOwner(): { uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export interface PostgresOptions {
  /**
   * Server settings (`-c name=value`). Tests turn `fsync` off: a cluster that lives for one run
   * need not survive a power cut, and the crash tests kill app nodes, not the server.
   */
  settings?: Record<string, string | number>;
}

/** Starts a new cluster; rejects with the server's own words when it cannot. */
export async function startPostgres({ settings = {} }: PostgresOptions = {}): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin)
    throw new Error(
      '找不到 PostgreSQL（initdb）：请安装 Debian 的 postgresql 软件包，或用 POSTGRES_BIN 指明它的 bin 目录',
    );
  const dir = mkdtempSync(join(tmpdir(), 'blog-postgres-'));
  const data = join(dir, 'data');
  const owner = clusterOwner();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
  // Run without blocking: a test that restarts the server keeps its own requests going meanwhile.
  const run = async (program: string, args: string[]) => {
    try {
      await promisify(execFile)(join(bin, program), args, {
        ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
        // initdb checks the locale of its environment; C.UTF-8 is the same on every machine.
        env: { PATH: process.env.PATH, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
      });
    } catch (error) {
      const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${program} 失败：${stderr || stdout || message}`);
    }
  };
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);
  const stopServer = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    createDatabase: (name) => createDatabaseOn(url, name),
    async restart() {
      await stopServer();
      await start();
    },
    async stop() {
      try {
        await stopServer();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

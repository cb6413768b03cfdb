/**
 * A private MariaDB server for the tests of the import from the original blog, whose database is
 * MySQL: Debian's binaries (`mariadb-server-core`, which `mariadb-server` pulls in), a new data
 * folder in a temp folder, listening on a free loopback port and on a socket in that folder, and
 * removed when stopped. Nothing on the machine is shared with it: the package's own service, when
 * installed, is neither needed nor touched, and no options file of the machine is read.
 *
 * The server runs as whoever starts it. As root it is told `--user=root` (MariaDB otherwise refuses
 * to run as root), which spares the chown to the `mysql` user that a data folder in /tmp would need.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import mysql from 'mysql2/promise';
import { freePort } from './freePort.ts';

export interface PrivateMariadb {
  /** A URL to the server, as `root` with no password (the server is private), naming no database. */
  url: string;
  port: number;
  /** Creates an empty utf8mb4 database and answers with its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export interface MariadbBinaries {
  installDb: string;
  server: string;
}

/** Debian puts `mariadbd` in /usr/sbin, which is not on the PATH of every user. */
const DEBIAN_FOLDERS = ['/usr/sbin', '/usr/bin'];

const STARTUP_MS = 30_000;
const SHUTDOWN_MS = 10_000;
/** Another process may take the free port between the probe and the server's bind. */
const PORT_ATTEMPTS = 3;

function executableIn(folders: string[], name: string): string | null {
  for (const folder of folders) {
    const path = join(folder, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

/** `mariadb-install-db` and `mariadbd`: in MARIADB_BIN, or on the PATH, or where Debian puts them; null if absent. */
export function mariadbBinaries(env: Record<string, string | undefined> = process.env): MariadbBinaries | null {
  const folders = env.MARIADB_BIN
    ? [env.MARIADB_BIN]
    : [...(env.PATH ?? '').split(delimiter).filter(Boolean), ...DEBIAN_FOLDERS];
  const installDb = executableIn(folders, 'mariadb-install-db');
  const server = executableIn(folders, 'mariadbd');
  return installDb && server ? { installDb, server } : null;
}

/** A URL to `database` on the server that `url` names. */
function databaseUrl(url: string, database: string): string {
  const address = new URL(url);
  address.pathname = `/${encodeURIComponent(database)}`;
  return address.toString();
}

/** Creates an empty database on the server that `url` names; answers its URL. */
export async function createMariadbDatabase(url: string, name: string): Promise<string> {
  const admin = await mysql.createConnection({ uri: url });
  try {
    await admin.query('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
  } finally {
    await admin.end();
  }
  return databaseUrl(url, name);
}

/** Servers still running, killed if the process ends without stopping them (a test that threw past its afterAll). */
const running = new Map<ChildProcess, string>();
let exitHookInstalled = false;

function killLeftovers() {
  for (const [child, dir] of running) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
  running.clear();
}

function whenExited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
}

/** Kills the server, politely first: SIGTERM lets MariaDB shut down, SIGKILL follows when it hangs. */
async function kill(child: ChildProcess): Promise<void> {
  const exited = whenExited(child);
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), SHUTDOWN_MS);
  });
  if ((await Promise.race([exited, timedOut])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
  clearTimeout(timer);
}

const lastLines = (path: string, count = 15): string => {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
};

async function run(program: string, args: string[]): Promise<void> {
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${program} 失败（退出码 ${code}）：${output.trim()}`);
}

/** Waits until the server answers on `url`; rejects with its log when it exits first or never answers. */
async function whenAccepting(child: ChildProcess, url: string, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`MariaDB 没有启动：\n${lastLines(logFile)}`);
    try {
      const probe = await mysql.createConnection({ uri: url, connectTimeout: 1_000 });
      await probe.end();
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(
          `MariaDB ${STARTUP_MS / 1000} 秒内没有接受连接（${(error as Error).message}）：\n${lastLines(logFile)}`,
        );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface MariadbOptions {
  /** Server options as `--name=value`, added after ours (so they win). */
  settings?: Record<string, string | number>;
}

/** Starts a new server; rejects with the server's own words when it cannot. */
export async function startMariadb({ settings = {} }: MariadbOptions = {}): Promise<PrivateMariadb> {
  const binaries = mariadbBinaries();
  if (!binaries)
    throw new Error(
      '找不到 MariaDB（mariadb-install-db、mariadbd）：请安装 Debian 的 mariadb-server-core 和 mariadb-client-core 软件包（或 mariadb-server），或用 MARIADB_BIN 指明它们所在的目录',
    );
  const dir = mkdtempSync(join(tmpdir(), 'blog-mariadb-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const asRoot = userInfo().uid === 0 ? ['--user=root'] : [];
  try {
    await run(binaries.installDb, [
      // The machine's options files (/etc/mysql) describe the package's own service, not this one.
      '--no-defaults',
      `--datadir=${data}`,
      // A root that logs in over TCP without a password: the server is private to this process.
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--skip-name-resolve',
      ...asRoot,
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const options = {
      datadir: data,
      port,
      'bind-address': '127.0.0.1',
      socket: join(dir, 'mariadb.sock'),
      'pid-file': join(dir, 'mariadb.pid'),
      'log-error': logFile,
      tmpdir: dir,
      'character-set-server': 'utf8mb4',
      'collation-server': 'utf8mb4_unicode_ci',
      // A server that lives for one run need not survive a power cut, nor size itself for production.
      'innodb-flush-log-at-trx-commit': 0,
      'innodb-buffer-pool-size': '32M',
      ...settings,
    };
    const args = [
      '--no-defaults',
      ...asRoot,
      '--skip-name-resolve',
      '--skip-log-bin',
      ...Object.entries(options).map(([name, value]) => `--${name}=${value}`),
    ];
    const child = spawn(binaries.server, args, { stdio: 'ignore' });
    running.set(child, dir);
    if (!exitHookInstalled) {
      process.once('exit', killLeftovers);
      exitHookInstalled = true;
    }
    const url = `mysql://root@127.0.0.1:${port}/`;
    try {
      await whenAccepting(child, url, logFile);
    } catch (error) {
      await kill(child);
      running.delete(child);
      const portTaken = /Address already in use|Can't start server: Bind/i.test(lastLines(logFile, 30));
      if (portTaken && attempt < PORT_ATTEMPTS) continue;
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    return {
      url,
      port,
      createDatabase: (name) => createMariadbDatabase(url, name),
      async stop() {
        try {
          await kill(child);
        } finally {
          running.delete(child);
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  }
}

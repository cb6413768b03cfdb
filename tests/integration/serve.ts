import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateDemoLibrary } from '../../src/server/music/demo/generate';
import { freePort } from '../../scripts/lib/freePort';

/**
 * The demo music library that a server without a MUSIC_DIR of its test's reads: made once for all
 * the suite's servers (it takes a server half a second of work to synthesise), never written by them.
 */
const DEMO_MUSIC = resolve('node_modules', '.cache', 'test-demo-music');

async function demoMusic(): Promise<string> {
  if (existsSync(DEMO_MUSIC)) return DEMO_MUSIC;
  mkdirSync(join(DEMO_MUSIC, '..'), { recursive: true });
  const making = mkdtempSync(`${DEMO_MUSIC}-`);
  await generateDemoLibrary(making);
  try {
    renameSync(making, DEMO_MUSIC);
  } catch {
    // Another test process made it first.
    rmSync(making, { recursive: true, force: true });
  }
  return DEMO_MUSIC;
}

export interface RunningServer {
  url: string;
  /** The server's process: main.ts starts itself again in it, with the memory settings. */
  pid: number;
  /** Everything the server has printed so far, stdout and stderr. */
  output: () => string;
  stop: () => Promise<void>;
  /** Kills the server at once (SIGKILL), as a crash or an out-of-memory kill would. */
  crash: () => Promise<void>;
}

/** A port found free can be taken by another test's process before the server binds it: a new one is tried. */
const PORT_TRIES = 3;

/** Starts the production server on the built site (run `npm run build` first); on a free port unless `env.PORT` names one. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(env.PORT ? Number(env.PORT) : await freePort(), env);
    } catch (error) {
      if (env.PORT || attempt >= PORT_TRIES || !/端口 \d+ 已被占用/.test((error as Error).message)) throw error;
    }
  }
}

async function startOn(port: number, env: Record<string, string>): Promise<RunningServer> {
  // Without folders of their own the server would write its license signing keys, and look for its
  // music, in the repository's data/.
  const keyDir = env.LICENSE_KEY_DIR ? null : mkdtempSync(join(tmpdir(), 'blog-test-keys-'));
  const own = {
    ...(env.MUSIC_DIR ? {} : { MUSIC_DIR: await demoMusic() }),
    ...(keyDir ? { LICENSE_KEY_DIR: keyDir } : {}),
  };
  const child: ChildProcess = spawn(process.execPath, ['src/server/http/main.ts'], {
    env: { ...process.env, ...own, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  let stopping = false;
  // A server that dies mid-test shows up as refused connections; its own last words say why.
  child.once('exit', (code, signal) => {
    if (started && !stopping) console.error(`服务器意外退出（${code ?? signal}）：\n${output}`);
  });
  const starting = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('博客已启动')) {
        started = true;
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (output += chunk));
    // TEST_SERVER_OUTPUT=1 shows what every server prints as it prints it, for a failure that a status code does not explain.
    if (process.env.TEST_SERVER_OUTPUT === '1') {
      child.stdout!.pipe(process.stderr);
      child.stderr!.pipe(process.stderr);
    }
    child.once('exit', (code) => reject(new Error(`服务器退出（${code}）：\n${output}`)));
  });
  await starting.catch((error: unknown) => {
    if (keyDir) rmSync(keyDir, { recursive: true, force: true });
    throw error;
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      // Stopped already: there is no exit to wait for.
      if (exited()) return resolve();
      child.once('exit', () => {
        if (keyDir) rmSync(keyDir, { recursive: true, force: true });
        resolve();
      });
      stopping = true;
      child.kill(signal);
    });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    stop: () => end('SIGTERM'),
    crash: () => end('SIGKILL'),
  };
}

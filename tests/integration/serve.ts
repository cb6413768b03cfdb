import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback port, so parallel runs never collide. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
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

/** Starts the production server on the built site (run `npm run build` first). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  // Without folders of its own the server would write its demo music and its license signing keys
  // into the repository's data/.
  const musicDir = env.MUSIC_DIR ? null : mkdtempSync(join(tmpdir(), 'blog-test-music-'));
  const keyDir = env.LICENSE_KEY_DIR ? null : mkdtempSync(join(tmpdir(), 'blog-test-keys-'));
  const own = { ...(musicDir ? { MUSIC_DIR: musicDir } : {}), ...(keyDir ? { LICENSE_KEY_DIR: keyDir } : {}) };
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
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('博客已启动')) {
        started = true;
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`服务器退出（${code}）：\n${output}`)));
  });
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      child.once('exit', () => {
        for (const dir of [musicDir, keyDir]) if (dir) rmSync(dir, { recursive: true, force: true });
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

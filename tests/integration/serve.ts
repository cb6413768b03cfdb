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
  /** Everything the server has printed so far, stdout and stderr. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the production server on the built site (run `npm run build` first). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  // Without a library of its own the server would write its demo music into the repository's data/.
  const musicDir = env.MUSIC_DIR ? null : mkdtempSync(join(tmpdir(), 'blog-test-music-'));
  const child: ChildProcess = spawn(process.execPath, ['src/server/http/main.ts'], {
    env: { ...process.env, ...(musicDir ? { MUSIC_DIR: musicDir } : {}), ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('博客已启动')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`服务器退出（${code}）：\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          if (musicDir) rmSync(musicDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

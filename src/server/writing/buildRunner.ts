/**
 * Runs `scripts/build.ts` in a child process for the publisher: its memory is its own and given
 * back when it ends, a crash cannot take the server down, and a failed build publishes nothing.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { forgetBuildProblem, readBuildProblem } from '../../lib/node/buildProblem.ts';
import type { BuildRun } from './publisher.ts';
import { BUILD_ENV, BUILD_NODE_FLAGS, BUILT_FOR_SERVER, VITE_OWN_NAMES } from './buildSettings.ts';

export interface BuildSettings {
  projectRoot: string;
  distDir: string;
  contentDir: string;
}

const KEPT_LINES = 200;

export function buildRunner({ projectRoot, distDir, contentDir }: BuildSettings) {
  /** Runs one build; `stop` ends it early (the lease passed to another server), and it then reports a failure. */
  return (onLine: (line: string) => void, stop?: AbortSignal): Promise<BuildRun> =>
    new Promise((resolve) => {
      forgetBuildProblem(distDir);
      // The server's compile cache (http/serverSettings.ts) is for the server's own modules: a build
      // would fill it with the bundler's, and its memory is tuned on its own (buildSettings.ts).
      const { NODE_COMPILE_CACHE: _serverCompileCache, ...inherited } = process.env;
      // Vite's own names (DEV, MODE…) would make a production build list drafts; the same list the build drops itself.
      for (const name of VITE_OWN_NAMES) delete inherited[name];
      const child = spawn(process.execPath, [...BUILD_NODE_FLAGS, join(projectRoot, 'scripts', 'build.ts')], {
        cwd: projectRoot,
        env: {
          ...inherited,
          ...BUILD_ENV,
          FORCE_COLOR: '0',
          DIST_DIR: distDir,
          CONTENT_DIR: contentDir,
          [BUILT_FOR_SERVER]: '1',
        },
        // Standard input stays open, unwritten, while this server lives.
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const lines: string[] = [];
      const keep = (line: string) => {
        lines.push(line);
        if (lines.length > KEPT_LINES) lines.shift();
        onLine(line);
      };
      createInterface({ input: child.stdout }).on('line', keep);
      createInterface({ input: child.stderr }).on('line', keep);
      stop?.addEventListener('abort', () => child.kill('SIGTERM'), { once: true });
      child.on('error', (error) => resolve({ ok: false, output: error.message }));
      // A build that fails on something it can name leaves its problem beside the releases (lib/node/buildProblem.ts).
      child.on('close', (code) =>
        resolve({ ok: code === 0, output: lines.join('\n'), problem: code === 0 ? null : readBuildProblem(distDir) }),
      );
    });
}

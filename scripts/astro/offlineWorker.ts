/**
 * Builds the offline worker into the release's client folder as `sw.js`: src/worker/sw.ts, or with
 * offline reading off, src/worker/unregister.ts, which removes a worker shipped before. Its first
 * line names the release and the time it was built, so each build is a worker of other bytes, which browsers install anew;
 * that is when the worker drops pages the site no longer has (src/worker/sw.ts).
 */
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_PATH } from '../../src/lib/shared/offline/rules.ts';

export function offlineWorker(on: boolean): AstroIntegration {
  let clientDir: URL | undefined;
  let outDir: URL | undefined;
  return {
    name: 'blog:offline-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
        outDir = config.outDir;
      },
      'astro:build:done': async () => {
        if (!clientDir || !outDir) return;
        const entry = new URL(on ? '../../src/worker/sw.ts' : '../../src/worker/unregister.ts', import.meta.url);
        await build({
          entryPoints: [fileURLToPath(entry)],
          outfile: fileURLToPath(new URL(WORKER_PATH.slice(1), clientDir)),
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2022',
          banner: { js: `// ${basename(fileURLToPath(outDir))} ${new Date().toISOString()}` },
          logLevel: 'warning',
        });
      },
    },
  };
}

/**
 * Writes what the build records about itself into the release's `server/` folder
 * (src/lib/node/releaseRecords.ts): the articles the content loader left out, with why
 * (src/lib/node/articleLoader.ts leaves its list in Astro's cache folder), and the parts of the
 * site the build has on, which a running server follows when it switches to this build.
 */
import type { AstroIntegration } from 'astro';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SKIPPED_LIST_IN_CACHE } from '../../src/lib/node/articleLoader.ts';
import { FEATURES_FILE, SKIPPED_ARTICLES_FILE } from '../../src/lib/node/releaseRecords.ts';
import type { FeatureSwitches } from '../../src/lib/shared/features.ts';

export function releaseRecords(features: FeatureSwitches): AstroIntegration {
  let cacheDir: URL | undefined;
  let serverDir: URL | undefined;
  return {
    name: 'blog:release-records',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
        serverDir = config.build.server;
      },
      'astro:build:done': async () => {
        if (!cacheDir || !serverDir) return;
        const listed = new URL(SKIPPED_LIST_IN_CACHE, cacheDir);
        const skipped = existsSync(listed) ? readFileSync(listed, 'utf8') : '[]';
        await writeFile(fileURLToPath(new URL(SKIPPED_ARTICLES_FILE, serverDir)), skipped);
        await writeFile(fileURLToPath(new URL(FEATURES_FILE, serverDir)), `${JSON.stringify(features)}\n`);
      },
    },
  };
}

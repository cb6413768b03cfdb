import type { AstroIntegration } from 'astro';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkGroups, chunkGroupsFound } from './chunkGroups.ts';
import { lazyIslandStyles } from './lazyIslandStyles.ts';

const INLINE_ISLAND_SCRIPT = `<script>${islandScript}</script>`;

/**
 * What the build does for a light first visit:
 * - the scripts every page runs are one module, src/client/page.ts, injected as a page script so
 *   it shares a file with Astro's prefetching;
 * - that module defines Astro's island element, which Astro would otherwise inline into every
 *   page (4.4 KB raw, 1.5 KB brotli of each first flight), and the `client:interaction`
 *   directive, whose inline script only hands over to it (src/client/interactionDirective.ts);
 * - few script files: what the page scripts share (router, stores, request client) in one, what
 *   the islands of every page share beyond it (React's core, the player's stores) in another, the
 *   DOM renderer in a third, both fetched only when an island hydrates; the islands of one kind of
 *   page (comments, the message board) share one chunk per kind;
 * - islands loaded at idle or on interaction keep their stylesheets in files of their own, loaded
 *   with their chunk (their imports are guarded by `import.meta.env.SSR`, so no page inlines them).
 *
 * The script and the chunks go through public hooks (`injectScript`, `updateConfig` with Vite's
 * client environment and Rolldown's `codeSplitting.groups`, see chunkGroups.ts). Taking the
 * island element out of the pages cannot: Astro has no option to leave out the copy it inlines, so
 * `astro:build:done` removes it from the HTML, matched against the text of Astro's own module
 * `astro/runtime/server/astro-island.prebuilt.js` (exported, not documented); src/client/page.ts
 * imports the element from `astro/runtime/server/astro-island.js` likewise. A page with an
 * island where that text is not found is reported below.
 */
export function firstVisit(): AstroIntegration {
  return {
    name: 'blog:first-visit',
    hooks: {
      'astro:config:setup': ({ injectScript, updateConfig }) => {
        injectScript(
          'page',
          `import ${JSON.stringify(fileURLToPath(new URL('../../src/client/page.ts', import.meta.url)))};`,
        );
        updateConfig({
          vite: {
            plugins: [lazyIslandStyles(), chunkGroupsFound()],
            // The client's build only: the server's chunks are not downloaded.
            environments: {
              client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } } } },
            },
          },
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        let moved = 0;
        let left = 0;
        for await (const file of htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          if (html.includes(INLINE_ISLAND_SCRIPT)) {
            await writeFile(file, html.replace(INLINE_ISLAND_SCRIPT, ''));
            moved++;
          } else if (html.includes('<astro-island')) left++;
        }
        logger.info(`${moved} 个页面的岛屿脚本改由页面脚本定义`);
        // Harmless (the page script defines the element only once) but worth a look after an Astro upgrade.
        if (left) logger.warn(`${left} 个页面里没找到 Astro 内联的岛屿脚本，它变了？`);
      },
    },
  };
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

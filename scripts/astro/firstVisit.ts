import type { AstroIntegration } from 'astro';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCSSRequest } from 'vite';
import { everyPageModules, type ModuleMap } from './everyPage.ts';
import { lazyIslandStyles } from './lazyIslandStyles.ts';

/** Modules that render with React: its DOM renderer, its store bindings and the islands. */
const RENDERS = /node_modules[\\/](react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]|[\\/]src[\\/]islands[\\/]/;
const INLINE_ISLAND_SCRIPT = `<script>${islandScript}</script>`;

/**
 * What the build does for a light first visit:
 * - the scripts every page runs are one module, src/client/page.ts, injected as a page script so
 *   it shares a file with Astro's prefetching;
 * - that module defines Astro's island element, which Astro would otherwise inline into every
 *   page (4.4 KB raw, 1.5 KB brotli of each first flight);
 * - few script files: what the page scripts share (router, stores, request client, React's core)
 *   in one, the DOM renderer in another, what the islands of every page share in a third; the
 *   islands of one kind of page (comments, the message board) share one chunk per kind;
 * - islands loaded at idle or on interaction keep their stylesheets in files of their own, loaded
 *   with their chunk (their imports are guarded by `import.meta.env.SSR`, so no page inlines them).
 */
export function firstVisit(): AstroIntegration {
  /** Client modules loaded only by `import()` that import a stylesheet of their own. */
  const lazyStyled = new Set<string>();
  /** Which client modules every page loads, and which kind of page uses the others (see everyPageModules). */
  const modules: ModuleMap = { everyPage: new Set(), pageKind: new Map() };
  const { everyPage, pageKind } = modules;
  return {
    name: 'blog:first-visit',
    hooks: {
      'astro:config:setup': ({ injectScript, updateConfig }) => {
        injectScript('page', `import ${JSON.stringify(fileURLToPath(new URL('../../src/client/page.ts', import.meta.url)))};`);
        updateConfig({
          vite: {
            plugins: [lazyIslandStyles(lazyStyled), everyPageModules(modules)],
            environments: {
              client: {
                build: {
                  rolldownOptions: {
                    output: {
                      codeSplitting: {
                        groups: [
                          // Shared by two or more scripts and loaded with every page, without React's renderer.
                          { name: 'site', test: (id: string) => everyPage.has(id) && !RENDERS.test(id), minShareCount: 2, priority: 2 },
                          // Shared by two or more islands of every page, fetched when the first one hydrates. A lazily loaded
                          // component with a stylesheet stays in the lazy chunks that use it: grouped here, it
                          // would load with the page, and no page inlines its rules.
                          { name: 'islands', test: (id: string) => everyPage.has(id) && RENDERS.test(id) && !isCSSRequest(id) && !lazyStyled.has(id), minShareCount: 2, priority: 1 },
                          // What the islands of one kind of page share, in one chunk per kind.
                          { name: (id: string) => (lazyStyled.has(id) ? null : (pageKind.get(id) ?? null)), minShareCount: 2, priority: 0 },
                        ],
                      },
                    },
                  },
                },
              },
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


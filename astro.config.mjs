// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCSSRequest } from 'vite';
import { articleImages } from './src/lib/imageLayout.ts';

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  outDir: process.env.DIST_DIR || 'dist',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), articleImages(), sitemap({ filter: (page) => !/^\/(404|api-content|login|register|userCenter)(\/|$)/.test(new URL(page).pathname) }), firstVisit()],
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // Inline each page's stylesheets: a page paints from its first round trip, with no
    // render-blocking CSS request. Islands loaded at idle or on interaction bring their own.
    inlineStylesheets: 'always',
  },
  // Links load on hover or focus; Astro skips prefetching on Save-Data and 2G connections.
  prefetch: { prefetchAll: true, defaultStrategy: 'hover' },
  markdown: {
    shikiConfig: {
      // GitHub's current palettes: every token keeps 4.5 : 1 on its background, which the older github-light and github-dark miss.
      themes: { light: 'github-light-default', dark: 'github-dark-default' },
      defaultColor: false,
      wrap: false,
    },
  },
  devToolbar: { enabled: false },
  vite: {
    // Constants imported from another module (the limits in src/contract) are written into each
    // chunk that uses them, instead of a shared chunk of their own and an import.
    build: { rolldownOptions: { optimization: { inlineConst: true } } },
    // `npm run dev` runs the API beside Astro's dev server and points this proxy at it.
    ...(process.env.API_PROXY ? { server: { proxy: { '/api': process.env.API_PROXY, '/wapi': process.env.API_PROXY } } } : {}),
  },
});

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
 *   in one, the DOM renderer in another, what the islands share in a third;
 * - islands loaded at idle or on interaction keep their stylesheets in files of their own, loaded
 *   with their chunk (their imports are guarded by `import.meta.env.SSR`, so no page inlines them);
 * - crypto-js's AES without the passphrase key derivation the site never uses.
 * @returns {import('astro').AstroIntegration}
 */
function firstVisit() {
  /** Client modules loaded only by `import()` that import a stylesheet of their own. */
  const lazyStyled = new Set();
  return {
    name: 'blog:first-visit',
    hooks: {
      'astro:config:setup': ({ injectScript, updateConfig }) => {
        injectScript('page', `import ${JSON.stringify(fileURLToPath(new URL('./src/client/page.ts', import.meta.url)))};`);
        updateConfig({
          vite: {
            plugins: [lazyIslandStyles(lazyStyled), aesWithoutKeyDerivation()],
            environments: {
              client: {
                build: {
                  rolldownOptions: {
                    output: {
                      codeSplitting: {
                        groups: [
                          // Shared by two or more scripts and loaded with the page, without React's renderer.
                          { name: 'site', test: (id) => !RENDERS.test(id), tags: ['$initial'], minShareCount: 2, priority: 2 },
                          // Shared by two or more islands, fetched when the first one hydrates. A lazily loaded
                          // component with a stylesheet stays in the lazy chunks that use it: grouped here, it
                          // would load with the page, and no page inlines its rules.
                          { name: 'islands', test: (id) => RENDERS.test(id) && !isCSSRequest(id) && !lazyStyled.has(id), minShareCount: 2, priority: 1 },
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

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/**
 * Vite gives the stylesheet of a chunk loaded by `import()` a file of its own, which its preload
 * helper links and waits for before the import resolves (and src/client/page.ts keeps those links
 * across client-side navigations). Astro keeps a stylesheet only if a page lists it or a chunk
 * names it as an asset: this names those of the chunks no entry loads statically, and lists into
 * `lazyStyled` the modules that only `import()` reaches and that import a stylesheet.
 * It fails the build when a stylesheet would be lost: one that loads with a page's scripts but
 * that no server-rendered page inlines, or one of a lazy chunk that was deleted all the same.
 * @param {Set<string>} lazyStyled
 * @returns {import('vite').Plugin}
 */
function lazyIslandStyles(lazyStyled) {
  /** CSS modules of the components the server renders, whose rules every page inlines. */
  const rendered = new Set();
  /** Stylesheets of lazily loaded chunks. */
  const lazy = new Set();
  const cssModules = (/** @type {import('vite').Rollup.OutputChunk} */ chunk) => Object.keys(chunk.modules).filter((id) => isCSSRequest(id)).map((id) => id.split('?')[0]);
  return {
    name: 'blog:lazy-island-styles',
    buildEnd() {
      if (this.environment.name !== 'client') return;
      const initial = new Set();
      const reach = (/** @type {string} */ id) => {
        if (initial.has(id)) return;
        initial.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(reach);
      };
      const ids = [...this.getModuleIds()];
      for (const id of ids) if (this.getModuleInfo(id)?.isEntry) reach(id);
      for (const id of ids) {
        if (!initial.has(id) && this.getModuleInfo(id)?.importedIds.some((imported) => isCSSRequest(imported))) lazyStyled.add(id);
      }
    },
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        if (this.environment.name !== 'client') {
          for (const chunk of chunks) for (const id of cssModules(chunk)) rendered.add(id);
          return;
        }
        const staticallyLoaded = new Set();
        const load = (/** @type {string} */ fileName) => {
          const chunk = bundle[fileName];
          if (staticallyLoaded.has(fileName) || chunk?.type !== 'chunk') return;
          staticallyLoaded.add(fileName);
          chunk.imports.forEach(load);
        };
        for (const chunk of chunks) if (chunk.isEntry) load(chunk.fileName);
        for (const chunk of chunks) {
          if (!staticallyLoaded.has(chunk.fileName)) {
            for (const css of chunk.viteMetadata?.importedCss ?? []) {
              chunk.viteMetadata?.importedAssets.add(css);
              lazy.add(css);
            }
            continue;
          }
          // (A client:only island's stylesheet would land here too; this site has none.)
          const unrendered = cssModules(chunk).filter((id) => !rendered.has(id));
          if (unrendered.length) this.error(`${chunk.fileName} 随页面加载，但这些样式没有页面内联：${unrendered.join(', ')}`);
        }
      },
    },
    writeBundle(_, bundle) {
      if (this.environment.name !== 'client') return;
      const lost = [...lazy].filter((css) => !(css in bundle));
      if (lost.length) this.error(`懒加载组件的样式丢失了：${lost.join(', ')}`);
    },
  };
}

const KEY_DERIVATION_STUB = '\0blog:crypto-js-without-key-derivation';

/**
 * crypto-js's AES module requires MD5 and EvpKDF (with SHA-1 and HMAC) to derive a key from a
 * passphrase. src/lib/cipher.ts passes the key and the IV themselves, so in the browser bundle
 * those four modules (1.4 KB brotli on every page) are replaced by the core they
 * extend. Deriving a key from a passphrase would then fail with the error below, not silently.
 * @returns {import('vite').Plugin}
 */
function aesWithoutKeyDerivation() {
  return {
    name: 'blog:aes-without-key-derivation',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id, importer) {
      if (importer && /[\\/]node_modules[\\/]crypto-js[\\/]/.test(importer) && /^\.\/(md5|evpkdf)(\.js)?$/.test(id)) return KEY_DERIVATION_STUB;
    },
    load(id) {
      if (id !== KEY_DERIVATION_STUB) return;
      return [
        "var CryptoJS = require('crypto-js/core.js');",
        "CryptoJS.algo.EvpKDF = CryptoJS.algo.EvpKDF || { create: function () { throw new Error('crypto-js 的口令派生密钥没有打包进浏览器端：请直接传入密钥和 IV（astro.config.mjs）'); } };",
        'module.exports = CryptoJS;',
      ].join('\n');
    },
  };
}

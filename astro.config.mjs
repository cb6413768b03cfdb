// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { features } from './src/data/features.ts';
import { featurePages } from './scripts/astro/featurePages.ts';
import { firstVisit } from './scripts/astro/firstVisit.ts';
import { offlineWorker } from './scripts/astro/offlineWorker.ts';
import { onDemandRoutes } from './scripts/astro/onDemandRoutes.ts';
import { releaseRecords } from './scripts/astro/releaseRecords.ts';
import { reactIslands } from './scripts/astro/reactIslands.ts';
import { astroCacheDir } from './src/lib/node/astroCache.ts';
import { articleImages } from './src/lib/node/imageLayout.ts';
import { markdownConfig } from './src/lib/node/markdownOptions.ts';
import { withoutTrailingSlash } from './src/lib/shared/trim.ts';
import { publicPagePath } from './src/lib/shared/namePaths.ts';
import { PERSONAL_PAGES } from './src/lib/shared/personalPages.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const cacheDir = astroCacheDir(process.env, projectRoot);

/** A page's address in the sitemap: without a trailing slash, a tag's or category's by its name (namePaths.ts). */
/** @param {string} built */
function sitemapUrl(built) {
  const url = new URL(withoutTrailingSlash(built));
  url.pathname = publicPagePath(url.pathname);
  return url.href;
}

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  // The build script gives each build its own folder (scripts/build.ts).
  outDir: process.env.ASTRO_OUT_DIR || process.env.DIST_DIR || 'dist',
  // Where encoded images and the content store are kept between builds (bench:build measures a first build in an empty one).
  ...(cacheDir ? { cacheDir } : {}),
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    reactIslands(),
    articleImages(),
    featurePages(features),
    sitemap({
      serialize: (item) => ({ ...item, url: sitemapUrl(item.url) }),
      filter: (page) => {
        const path = new URL(page).pathname;
        return !/^\/(404|offline|api-content|admin)(\/|$)/.test(path) && !PERSONAL_PAGES.test(path);
      },
    }),
    firstVisit(),
    onDemandRoutes(),
    releaseRecords(features),
    offlineWorker(features.offline),
  ],
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // Inline each page's stylesheets: a page paints from its first round trip, with no
    // render-blocking CSS request. Islands loaded at idle or on interaction bring their own.
    inlineStylesheets: 'always',
  },
  // Links load on hover or focus; Astro skips prefetching on Save-Data and 2G connections.
  prefetch: { prefetchAll: true, defaultStrategy: 'hover' },
  markdown: markdownConfig,
  devToolbar: { enabled: false },
  vite: {
    // The Markdown editor of the console, slimmed for the build: see the two modules for why.
    resolve: {
      alias: [
        {
          find: /^lucide-react$/,
          replacement: fileURLToPath(new URL('./src/islands/admin/writing/vendor/lucideIcons.ts', import.meta.url)),
        },
        {
          find: /^@codemirror\/language-data$/,
          replacement: fileURLToPath(new URL('./src/islands/admin/writing/vendor/codeLanguages.ts', import.meta.url)),
        },
      ],
    },
    // Constants imported from another module (the limits in src/contract) are written into each
    // chunk that uses them, instead of a shared chunk of their own and an import.
    build: { rolldownOptions: { optimization: { inlineConst: true } } },
    // `npm run dev` runs the API beside Astro's dev server and points this proxy at it.
    ...(process.env.API_PROXY
      ? { server: { proxy: { '/api': process.env.API_PROXY, '/wapi': process.env.API_PROXY } } }
      : {}),
  },
});

import { isCSSRequest, type Plugin, type Rollup } from 'vite';

/**
 * Vite gives the stylesheet of a chunk loaded by `import()` a file of its own, which its preload
 * helper links and waits for before the import resolves (and src/client/page.ts keeps those links
 * across client-side navigations). Astro keeps a stylesheet only if a page lists it or a chunk
 * names it as an asset: this names those of the chunks no entry loads statically.
 * It fails the build when a stylesheet would be lost: one that loads with a page's scripts but
 * that no server-rendered page inlines, or one of a lazy chunk that was deleted all the same.
 *
 * Why a plugin and not an option: no public option of Astro or Vite says "keep the stylesheet of a
 * lazy chunk as a file when the pages inline theirs" (`build.inlineStylesheets: 'always'`). Naming
 * it in the chunk's `viteMetadata.importedAssets` is what Astro reads to keep an asset; Vite
 * declares that field in its types but does not document it, and Astro's rule for deleting
 * stylesheets is its own, so the checks here and tests/integration/page-chunks.test.ts watch both.
 * The environments are told apart by Vite's public `this.environment.name`: `client` is the
 * browser's, the others render pages on the server.
 */
export function lazyIslandStyles(): Plugin {
  /** CSS modules of the components the server renders, whose rules every page inlines. */
  const rendered = new Set<string>();
  /** Stylesheets of lazily loaded chunks. */
  const lazy = new Set<string>();
  const cssModules = (chunk: Rollup.OutputChunk) =>
    Object.keys(chunk.modules)
      .filter((id) => isCSSRequest(id))
      .map((id) => id.split('?')[0]);
  return {
    name: 'blog:lazy-island-styles',
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        if (this.environment.name !== 'client') {
          for (const chunk of chunks) for (const id of cssModules(chunk)) rendered.add(id);
          return;
        }
        const staticallyLoaded = new Set<string>();
        const load = (fileName: string) => {
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
          if (unrendered.length)
            this.error(`${chunk.fileName} 随页面加载，但这些样式没有页面内联：${unrendered.join(', ')}`);
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

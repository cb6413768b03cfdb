import { isCSSRequest, type Plugin } from 'vite';

/**
 * The client modules every page loads: what the page script, Astro's router, the islands of the
 * shared layout (the header, the player and the toasts) and the search dialog (fetched at idle
 * everywhere) import, directly or not. Only these may be merged into the chunks every page
 * fetches; a module of one page's islands (the comments, the message board) merged there would be
 * downloaded on every other page too.
 */
const EVERY_PAGE_ENTRIES =
  /[\\/]src[\\/]client[\\/]page\.ts$|[\\/]src[\\/]islands[\\/](header[\\/]HeaderControls\.tsx|search[\\/]SearchDialog\.tsx|persistent\.ts)$|[\\/]ClientRouter\.astro\?/;
/**
 * React's DOM renderer, which the island renderer loads for every page: an island that imports it
 * itself (the console's Markdown editor does) must not pull it into that island's kind of chunk.
 */
const DOM_RENDERER = /node_modules[\\/](react-dom|scheduler)[\\/]/;
/** The owner's console: its islands are many, but no reader loads them. */
const CONSOLE = 'admin';
/** An island by the kind of page it is for: `src/islands/<kind>/…`. */
const ISLAND = /[\\/]src[\\/]islands[\\/]([\w-]+)[\\/]/;

export interface ModuleMap {
  /** Modules every page loads. */
  everyPage: Set<string>;
  /**
   * The other modules islands share, each with the kind of island that uses it most ("article"
   * for the counters and the like button), so each page kind fetches one chunk of them, not one
   * per module. Components with a stylesheet are left out: one page may render them (and inline
   * their rules) while another loads them lazily and needs their stylesheet as a file, which a
   * chunk shared by both would not get.
   */
  pageKind: Map<string, string>;
}

export function everyPageModules(map: ModuleMap): Plugin {
  return {
    name: 'blog:every-page-modules',
    buildEnd() {
      if (this.environment.name !== 'client') return;
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const reach = (id: string, seen: Set<string>) => {
        if (seen.has(id)) return;
        seen.add(id);
        imports(id).forEach((next) => reach(next, seen));
      };
      const ids = [...this.getModuleIds()];
      for (const id of ids) if (EVERY_PAGE_ENTRIES.test(id)) reach(id, map.everyPage);
      if (map.everyPage.size === 0) this.error('找不到每个页面都加载的脚本（src/client/page.ts 等），分块规则需要更新');

      const uses = new Map<string, Map<string, number>>();
      for (const entry of ids) {
        const kind = ISLAND.exec(entry)?.[1];
        if (!kind || !this.getModuleInfo(entry)?.isEntry || map.everyPage.has(entry)) continue;
        const reached = new Set<string>();
        reach(entry, reached);
        for (const id of reached) {
          if (id === entry || map.everyPage.has(id) || DOM_RENDERER.test(id) || isCSSRequest(id) || imports(id).some((imported) => isCSSRequest(imported))) continue;
          const byKind = uses.get(id) ?? new Map<string, number>();
          byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
          uses.set(id, byKind);
        }
      }
      for (const [id, byKind] of uses) {
        // A module readers' islands use never goes into the console's chunk, which readers would then fetch.
        const ranked = [...byKind].sort(([a, x], [b, y]) => Number(a === CONSOLE) - Number(b === CONSOLE) || y - x || a.localeCompare(b));
        map.pageKind.set(id, ranked[0][0]);
      }
    },
  };
}

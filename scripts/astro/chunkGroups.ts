import { isCSSRequest, type Plugin, type Rolldown } from 'vite';

/**
 * The scripts every page runs as it loads: the page script and Astro's router. Only what they
 * import, directly or not, goes into the chunk they share: a module of an island merged there would
 * be downloaded, parsed and run by every page as it loads, though the island may never wake.
 * The router is known by the id Astro gives its component's script (`ClientRouter.astro?…`):
 * Astro has no public name for it, and if that id changes, tests/integration/page-chunks.test.ts
 * fails on the scripts every page loads.
 */
const PAGE_SCRIPTS = /[\\/]src[\\/]client[\\/]page\.ts$|[\\/]ClientRouter\.astro\?/;
/**
 * The islands of the shared layout: on every page, hydrated when the reader reaches for them (or
 * for a logged-in reader's header and a player with a song, at idle). The header, the search dialog
 * it opens and the player share one chunk of what they import beyond the page scripts; a module of
 * one page's islands (the comments, the message board) merged there would be downloaded on every
 * other page too.
 */
const SHELL_ISLANDS =
  /[\\/]src[\\/]islands[\\/](header[\\/]HeaderControls|search[\\/]SearchDialog|player[\\/]Player)\.tsx$/;
/**
 * React's DOM renderer, which the island renderer loads for every page: an island that imports it
 * itself (the console's Markdown editor does) must not pull it into that island's kind of chunk.
 */
const DOM_RENDERER = /node_modules[\\/](react-dom|scheduler)[\\/]/;
/** Modules that render with React: its DOM renderer, its store bindings and the islands. */
const RENDERS =
  /node_modules[\\/](react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]|[\\/]src[\\/]islands[\\/]/;
/** The owner's console: its islands are many, but no reader loads them. */
const CONSOLE = 'admin';
/**
 * An island by the kind of page it is for: `src/islands/<kind>/…`. The folders are the site's own
 * division of its islands (README, 目录结构); the bundler knows nothing finer to group them by.
 */
const ISLAND = /[\\/]src[\\/]islands[\\/]([\w-]+)[\\/]/;

type ModuleInfo = Rolldown.ModuleInfo;

/**
 * What the groups ask of the module graph, read through the chunking context the bundler passes to
 * each group's `name` and worked out once per module: the context hands out the same `ModuleInfo`
 * objects for the whole of one chunking pass, so answers are kept by those objects, and a later
 * build, with objects of its own, starts afresh.
 */
class ModuleGraph {
  private ancestorsOf = new WeakMap<ModuleInfo, Set<string>>();
  private kindOf = new WeakMap<ModuleInfo, string | null>();
  private context: Rolldown.ChunkingContext | null = null;

  /** The graph as the context of the current call sees it. */
  in(context: Rolldown.ChunkingContext): this {
    this.context = context;
    return this;
  }

  private info(id: string): ModuleInfo | null {
    return this.context!.getModuleInfo(id);
  }

  /** The module and every module that imports it statically, directly or not. */
  private ancestors(id: string): Set<string> {
    const module = this.info(id);
    if (!module) return new Set([id]);
    let found = this.ancestorsOf.get(module);
    if (found) return found;
    found = new Set([id]);
    const queue = [id];
    while (queue.length) {
      for (const importer of this.info(queue.pop()!)?.importers ?? []) {
        if (found.has(importer)) continue;
        found.add(importer);
        queue.push(importer);
      }
    }
    this.ancestorsOf.set(module, found);
    return found;
  }

  private importsStylesheet = (id: string) =>
    (this.info(id)?.importedIds ?? []).some((imported) => isCSSRequest(imported));

  /** One of `entries` imports it, directly or not. */
  private reachedFrom(id: string, entries: RegExp): boolean {
    for (const ancestor of this.ancestors(id)) if (entries.test(ancestor)) return true;
    return false;
  }

  /** Run by every page as it loads. */
  pageScripts(id: string): boolean {
    return this.reachedFrom(id, PAGE_SCRIPTS);
  }

  /** On every page: run as it loads, or by an island of the shared layout when it wakes. */
  everyPage(id: string): boolean {
    return this.pageScripts(id) || this.reachedFrom(id, SHELL_ISLANDS);
  }

  /**
   * Reached only by `import()` and importing a stylesheet of its own (a lazily loaded island).
   * Its stylesheet must stay a file loaded with its chunk (see lazyIslandStyles.ts), so it stays in
   * the lazy chunks that use it: grouped with what a page loads, it would load with the page, and
   * no page inlines its rules.
   */
  lazyStyled(id: string): boolean {
    if (!this.importsStylesheet(id)) return false;
    for (const ancestor of this.ancestors(id)) if (this.info(ancestor)?.isEntry) return false;
    return true;
  }

  /** An island a page loads by itself: an entry, or a lazy one its frame fetches with `import()`. */
  private loadedByItself(id: string): boolean {
    const module = this.info(id);
    return !!module && (module.isEntry || module.dynamicImporters.length > 0);
  }

  /**
   * The kind of island that uses a module most, counting the islands that import it, directly or
   * not ("article" for the counters and the like button), so each page kind fetches one chunk of
   * what its islands share, not one per module. Left out: what every page loads, React's renderer,
   * and components with a stylesheet: one page may render them (and inline their rules) while
   * another loads them lazily and needs their stylesheet as a file, which a chunk shared by both
   * would not get.
   */
  pageKind(id: string): string | null {
    const module = this.info(id);
    if (!module) return null;
    if (this.kindOf.has(module)) return this.kindOf.get(module)!;
    let kind: string | null = null;
    if (!this.everyPage(id) && !DOM_RENDERER.test(id) && !isCSSRequest(id) && !this.importsStylesheet(id)) {
      const uses = new Map<string, number>();
      for (const island of this.ancestors(id)) {
        const islandKind = ISLAND.exec(island)?.[1];
        if (island === id || !islandKind || !this.loadedByItself(island) || this.everyPage(island)) continue;
        uses.set(islandKind, (uses.get(islandKind) ?? 0) + 1);
      }
      // A module readers' islands use never goes into the console's chunk, which readers would then fetch.
      const ranked = [...uses].sort(
        ([a, x], [b, y]) => Number(a === CONSOLE) - Number(b === CONSOLE) || y - x || a.localeCompare(b),
      );
      kind = ranked[0]?.[0] ?? null;
    }
    this.kindOf.set(module, kind);
    return kind;
  }
}

/** A module's page kind when it is one of the readers' (not the console's), for the group that runs first. */
function readerKind(graph: ModuleGraph, id: string): string | null {
  if (graph.lazyStyled(id)) return null;
  const kind = graph.pageKind(id);
  return kind === CONSOLE ? null : kind;
}

/**
 * Few script files for a first visit, as groups of the bundler's chunking option
 * (`output.codeSplitting.groups` of the client build): what the page scripts share (router,
 * the reader's account, notices) in one, what the islands of every page share beyond that
 * (React's core and store bindings, the request client, the player's stores) in another, fetched
 * when the first island hydrates, and one chunk per kind of page for what its islands share.
 */
export function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  const graph = new ModuleGraph();
  return [
    // Shared by two or more scripts and run by every page as it loads, without React's renderer.
    {
      name: (id, context) => (!RENDERS.test(id) && graph.in(context).pageScripts(id) ? 'site' : null),
      minShareCount: 2,
      priority: 3,
    },
    // Shared by two or more islands of every page, fetched when the first one hydrates.
    {
      name: (id, context) =>
        !isCSSRequest(id) && !DOM_RENDERER.test(id) && graph.in(context).everyPage(id) && !graph.lazyStyled(id)
          ? 'islands'
          : null,
      minShareCount: 2,
      priority: 2,
    },
    // What the islands of one kind of page share, in one chunk per kind: readers' kinds before the
    // console's. A group takes in the modules its modules import, so the console's chunk, taking
    // its stores first, would also take a module they share with readers' islands (the paged
    // list), and readers would then fetch the console's chunk for it.
    { name: (id, context) => readerKind(graph.in(context), id), minShareCount: 2, priority: 1 },
    {
      name: (id, context) => (graph.in(context).lazyStyled(id) ? null : graph.pageKind(id)),
      minShareCount: 2,
      priority: 0,
    },
  ];
}

/**
 * Fails the client build when nothing went into the chunk every page loads: the rules above no
 * longer find the modules every page loads (Astro renamed its router's script, say).
 */
export function chunkGroupsFound(): Plugin {
  return {
    name: 'blog:chunk-groups-found',
    generateBundle(_, bundle) {
      if (this.environment.name !== 'client') return;
      if (!Object.values(bundle).some((item) => item.type === 'chunk' && item.name === 'site')) {
        this.error(
          '找不到每个页面都加载的脚本（src/client/page.ts 等），分块规则需要更新（scripts/astro/chunkGroups.ts）',
        );
      }
    },
  };
}

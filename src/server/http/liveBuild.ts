/**
 * The hand-off from a build to the running server, in one place:
 * - where a build keeps what the API reads: Astro writes the article, talk and product export to
 *   `client/api-content/` (src/pages/api-content), and `moveContentExport` moves it to
 *   `server/content/` so no reader can fetch it;
 * - what the server loads from a build: that export, the inline scripts the Content-Security-Policy
 *   allows, Astro's page handler when some route is rendered per request (onDemandRoutes.ts), and
 *   what the build recorded of itself: the articles it left out and its feature switches;
 * - the switch to a newer build: the catalogs the services hold are refilled in place, so every
 *   service sees the new content at the same moment, with no service to rebuild.
 */
import type { RequestHandler } from 'express';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_DIR_NAME } from '../../lib/node/contentIndex.ts';
import { readBuildFeatures, readSkippedArticles } from '../../lib/node/releaseRecords.ts';
import type { FeatureSwitches } from '../../lib/shared/features.ts';
import type { SkippedArticle } from '../../contract/writing.ts';
import { loadCatalog, type Catalog } from '../articles/catalog.ts';
import { createKeyedSerializer } from '../shared/serialize.ts';
import { loadProducts, type ProductCatalog } from '../shop/catalog.ts';
import { loadTalks, type TalkCatalog } from '../talks/catalog.ts';
import { loadCspSources } from './cspSources.ts';
import { contentSecurityPolicy } from './headers.ts';
import { loadPageHandler } from './onDemandRoutes.ts';
import { contentExportOf } from '../releases/releases.ts';
import { loadOldAddresses } from './oldAddresses.ts';

/** Moves the export Astro wrote among the public files to the server's side of the build. */
export function moveContentExport(release: string): void {
  renameSync(join(release, 'client', CONTENT_DIR_NAME), contentExportOf(release));
}

export interface Build {
  release: string;
  catalog: Catalog;
  products: ProductCatalog;
  talkCatalog: TalkCatalog;
  handler: RequestHandler;
  policy: string;
  /** The articles the build left out, with why. */
  skipped: SkippedArticle[];
  /** The parts of the site the build was made with; null for a build that did not record them. */
  features: FeatureSwitches | null;
  /** Old addresses of imported articles and where they moved (oldAddresses.ts). */
  redirects: ReadonlyMap<string, string>;
}

export interface BuildOptions {
  /** Another content export than the build's own (benchmarks bring a generated one). */
  contentExportDir: string | null;
  /** Hosts the owner's settings add for covers and audio. */
  mediaOrigins: string[];
}

/** Everything one build brings, loaded completely before any request is answered from it. */
export async function loadBuild(release: string, { contentExportDir, mediaOrigins }: BuildOptions): Promise<Build> {
  const content = contentExportDir ?? contentExportOf(release);
  const [catalog, products, talkCatalog, handler] = await Promise.all([
    loadCatalog(content),
    loadProducts(content),
    loadTalks(content),
    loadPageHandler(release),
  ]);
  const policy = contentSecurityPolicy({ ...loadCspSources(release), mediaOrigins });
  return {
    release,
    catalog,
    products,
    talkCatalog,
    handler,
    policy,
    skipped: readSkippedArticles(release),
    features: readBuildFeatures(release),
    redirects: loadOldAddresses(content),
  };
}

/**
 * The build the server answers from. `catalog`, `products` and `talkCatalog` are the objects to
 * give the services: `switchTo` refills them from the new build and then calls `onSwitch`.
 */
export async function openLiveBuild(
  release: string,
  options: BuildOptions,
  onSwitch: (build: Build) => void = () => {},
) {
  let current = await loadBuild(release, options);
  const { catalog, products, talkCatalog } = current;
  // One switch at a time: the release watcher and a console publish both ask for the same build,
  // which must be loaded once, and an older build must never finish loading after a newer one.
  const serially = createKeyedSerializer();
  async function load(next: string): Promise<void> {
    if (next === current.release) return;
    const fresh = await loadBuild(next, options);
    Object.assign(catalog, fresh.catalog);
    Object.assign(products, fresh.products);
    Object.assign(talkCatalog, fresh.talkCatalog);
    current = { ...fresh, catalog, products, talkCatalog };
    onSwitch(current);
  }
  return {
    catalog,
    products,
    talkCatalog,
    current: () => current,
    /** Answers from `release` once it is loaded; the build before keeps answering until then. */
    switchTo: (next: string): Promise<void> => serially('switch', () => load(next)),
  };
}

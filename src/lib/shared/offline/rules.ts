/**
 * What the offline worker (src/worker/sw.ts) keeps, and what it never touches. Pure: the worker,
 * the offline page and the unit tests share it.
 */
import { PERSONAL_PAGES } from '../personalPages.ts';

/** The worker's caches. Their names carry a layout version, not the release: a publish must not empty a reader's offline shelf. */
export const OFFLINE_CACHES = {
  /** Hashed build files: never change under their name. */
  asset: 'blog-assets-v1',
  /** Pages a reader opened, as the server last sent them. */
  page: 'blog-pages-v1',
  /** Pictures those pages showed. */
  image: 'blog-images-v1',
  /** Pages and pictures a reader saved with 离线保存: kept until they remove them. */
  saved: 'blog-saved-v1',
  /** The worker's own: the offline page and the book-keeping of what the others hold. */
  own: 'blog-offline-v1',
} as const;

export type OfflineKind = 'asset' | 'page' | 'image';

/** Where the worker is served from: at the root, so every page is in its scope. */
export const WORKER_PATH = '/sw.js';

/**
 * What a page of a site that turned offline reading off sends the worker in charge of it; the worker
 * answers the same once it has stopped keeping anything and deleted what it kept.
 */
export const RETIRE_MESSAGE = 'blog-offline:retire';

/** Where the caches keep their own records: the worker's ledger, and one per article saved with 离线保存. */
export const OFFLINE_RECORDS = '/__offline/';

/** Our page shown for a page never read while offline; precached when the worker installs. */
export const OFFLINE_PAGE = '/offline';

/** How long an HTML request waits for the network before the copy read before answers instead. */
export const NETWORK_TIMEOUT_MS = 3000;

export interface CacheCap {
  maxEntries: number;
  maxBytes: number;
  /** Since it was last read. */
  maxAgeMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Generous for a reader's month (a page is some 20–60 KB, a picture 50–300 KB), small beside a phone's storage. */
export const CACHE_CAPS: Record<OfflineKind, CacheCap> = {
  page: { maxEntries: 200, maxBytes: 20 * 1024 * 1024, maxAgeMs: 30 * DAY_MS },
  image: { maxEntries: 300, maxBytes: 60 * 1024 * 1024, maxAgeMs: 30 * DAY_MS },
  asset: { maxEntries: 300, maxBytes: 30 * 1024 * 1024, maxAgeMs: 30 * DAY_MS },
};

/**
 * Never kept, whatever their answer: the API and the music API (live data, and the player must not
 * stream from a cache), the console, the shop's orders, and every page that depends on who is logged
 * in or carries a one-time token in its address.
 */
const NEVER = [
  /^\/(api|wapi|admin)(\/|$)/,
  // The offline caches' own book-keeping (OFFLINE_RECORDS): never on the network.
  /^\/__offline(\/|$)/,
  PERSONAL_PAGES,
  /^\/logout(\/|$)/,
];

const IMAGE = /\.(avif|webp|png|jpe?g|gif|svg|ico)$/i;
const HAS_EXTENSION = /\.[a-z0-9]+$/i;

/** Whether the path is one the worker must leave to the network untouched. */
export const isNeverCached = (path: string): boolean => NEVER.some((pattern) => pattern.test(path));

/**
 * Which of the worker's caches a request belongs in, or null for one it leaves alone: other hosts,
 * anything but GET, the never-cached paths, and files that are neither pages nor pictures (the feed,
 * the worker itself, audio).
 */
export function offlineKindOf(url: URL, origin: string, method = 'GET'): OfflineKind | null {
  if (method !== 'GET' || url.origin !== origin) return null;
  const path = url.pathname;
  if (isNeverCached(path)) return null;
  if (path.startsWith('/_astro/')) return 'asset';
  if (IMAGE.test(path)) return 'image';
  if (!HAS_EXTENSION.test(path) || path.endsWith('.html')) return 'page';
  return null;
}

/** What the worker knows of an answer before keeping it. */
export interface AnswerFacts {
  status: number;
  /** `basic` for our own origin; `opaqueredirect` and the like are never kept. */
  type: string;
  /** A followed redirect: a browser refuses it as the answer to a navigation. */
  redirected: boolean;
  contentType: string | null;
  cacheControl: string | null;
}

/** Whether an answer may be kept: a whole, public one, and for a page, a page. */
export function isKeepable(kind: OfflineKind, answer: AnswerFacts): boolean {
  if (answer.status !== 200 || answer.type !== 'basic' || answer.redirected) return false;
  if (/\b(no-store|private)\b/i.test(answer.cacheControl ?? '')) return false;
  if (kind === 'page') return /^\s*text\/html\b/i.test(answer.contentType ?? '');
  return true;
}

/** A prefetch (a link hovered) is not a page read: it is left to the browser's own cache. */
export const isPrefetch = (secPurpose: string | null): boolean => /\bprefetch\b/i.test(secPurpose ?? '');

/**
 * The build's scripts and styles a page names: its islands' components and renderers, its module
 * scripts and stylesheets. Kept with the page, so that its islands wake offline even where the
 * reader never scrolled to them online.
 */
export function pageAssets(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  for (const [, path] of html.matchAll(/(?:component-url|renderer-url|src|href)="(\/_astro\/[^"]+?\.(?:js|css))"/g))
    found.add(new URL(path, pageUrl).href);
  return [...found];
}

/**
 * The modules a built module imports statically (`import … from "./x.js"`, `import "./x.js"`,
 * `export … from "./x.js"`): they load with it, so they are kept with it. Dynamic imports load
 * later, if ever, and are kept when they do.
 */
export function staticImports(code: string, moduleUrl: string): string[] {
  const found = new Set<string>();
  for (const [, path] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+?\.js)["']/g))
    found.add(new URL(path, moduleUrl).href);
  return [...found];
}

/** The pictures a page shows by `src` (not the sizes of a `srcset`): what our offline page needs of them. */
export function pageImages(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  for (const [, path] of html.matchAll(/\bsrc="(\/[^"/][^"]*)"/g)) {
    const url = new URL(path, pageUrl);
    if (offlineKindOf(url, url.origin) === 'image') found.add(url.href);
  }
  return [...found];
}

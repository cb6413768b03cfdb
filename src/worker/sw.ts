/**
 * The offline worker, served as `/sw.js` (built by scripts/astro/offlineWorker.ts, its first line
 * naming the build it came with, so every build is a new worker). What it keeps and never keeps is in
 * src/lib/shared/offline/rules.ts; this file only wires the rules to the browser.
 *
 * - Hashed assets and pictures: from the cache, else from the network and kept.
 * - Pages (navigations, and the router's plain `fetch` alike): from the network, and kept. Offline,
 *   or when the network has not answered in NETWORK_TIMEOUT_MS, the copy read before; for a page
 *   never read, our offline page.
 * - A new worker takes over at once (the strategies are the same from one build to the next, so the
 *   page in front of the reader loses nothing), and drops pages the site no longer has.
 */
import { LEDGER_PATH, needsRefresh, parseLedgers, toEvict, type Ledger } from '../lib/shared/offline/cap';
import {
  CACHE_CAPS,
  isKeepable,
  isPrefetch,
  NETWORK_TIMEOUT_MS,
  OFFLINE_CACHES,
  OFFLINE_PAGE,
  offlineKindOf,
  pageAssets,
  pageImages,
  RETIRE_MESSAGE,
  staticImports,
  type OfflineKind,
} from '../lib/shared/offline/rules';
import { isSavedRecord, savedRecordUrl } from '../lib/shared/offline/saved';
import { worker, type FetchEvent } from './scope';

const origin = location.origin;

const LEDGER_URL = `${origin}${LEDGER_PATH}`;
const KINDS: OfflineKind[] = ['page', 'image', 'asset'];

/**
 * Set when the site turned offline reading off and a page asked this worker to go. A worker is
 * done as well once another took its place (the one a site without offline reading serves deletes
 * the caches as it starts). Either way it opens no cache again: `caches.open` creates a cache it
 * does not find, so work still under way (a page's assets being fetched one by one) would bring
 * back what was deleted.
 */
let retired = false;
const done = () => retired || worker.serviceWorker?.state === 'redundant';

async function ourCache(name: string): Promise<Cache> {
  // A worker stopped while idle and started again has forgotten `retired`: its own cache, made at
  // install and gone with the retirement, still tells.
  if (done() || !(await caches.has(OFFLINE_CACHES.own))) throw new Error('offline reading is off');
  return caches.open(name);
}

let ledgers: Promise<Record<OfflineKind, Ledger>> | null = null;

/** The book-keeping, read once per start of the worker and squared with what the caches really hold. */
function loadLedgers(): Promise<Record<OfflineKind, Ledger>> {
  ledgers ??= (async () => {
    const stored = await (await ourCache(OFFLINE_CACHES.own)).match(LEDGER_URL);
    const saved = parseLedgers(stored ? await stored.text() : null);
    const now = Date.now();
    for (const kind of KINDS) {
      const held = (await (await ourCache(OFFLINE_CACHES[kind])).keys()).map((request) => request.url);
      const known = saved[kind];
      saved[kind] = Object.fromEntries(held.map((url) => [url, known[url] ?? { bytes: 0, usedAt: now }]));
    }
    return saved;
  })();
  return ledgers;
}

let writing: Promise<void> | null = null;
/** Writes the book-keeping a moment after a change, once for a burst of them. */
function persistSoon(): Promise<void> {
  writing ??= new Promise<void>((resolve) => setTimeout(resolve, 500)).then(async () => {
    writing = null;
    const book = await loadLedgers();
    await (await ourCache(OFFLINE_CACHES.own)).put(LEDGER_URL, new Response(JSON.stringify(book)));
  });
  return writing;
}

async function keep(kind: OfflineKind, url: string, response: Response): Promise<void> {
  const bytes = (await response.clone().blob()).size;
  const cache = await ourCache(OFFLINE_CACHES[kind]);
  await cache.put(url, response);
  const book = await loadLedgers();
  book[kind][url] = { bytes, usedAt: Date.now() };
  for (const evicted of toEvict(book[kind], CACHE_CAPS[kind], Date.now())) {
    delete book[kind][evicted];
    await cache.delete(evicted);
  }
  await persistSoon();
}

/** A page the site no longer has: out of the cache, and out of the reader's saved ones with its record. */
async function forget(kind: OfflineKind, url: string): Promise<void> {
  await (await ourCache(OFFLINE_CACHES[kind])).delete(url);
  const saved = await ourCache(OFFLINE_CACHES.saved);
  const record: unknown = await (await saved.match(savedRecordUrl(url)))?.json().catch(() => null);
  for (const file of isSavedRecord(record) ? record.files : [url]) await saved.delete(new URL(file, origin).href);
  await saved.delete(savedRecordUrl(url));
  const book = await loadLedgers();
  if (book[kind][url]) {
    delete book[kind][url];
    await persistSoon();
  }
}

/** The kept copy of `url`, from its cache, the reader's saved ones or the offline page's; its time refreshed when read. */
async function cached(kind: OfflineKind, url: string): Promise<Response | undefined> {
  try {
    const found =
      (await (await ourCache(OFFLINE_CACHES[kind])).match(url, { ignoreVary: true })) ??
      (await (await ourCache(OFFLINE_CACHES.saved)).match(url, { ignoreVary: true })) ??
      (await (await ourCache(OFFLINE_CACHES.own)).match(url, { ignoreVary: true }));
    if (found) {
      const book = await loadLedgers();
      const kept = book[kind][url];
      if (kept && needsRefresh(kept, Date.now())) {
        kept.usedAt = Date.now();
        persistSoon().catch(() => {});
      }
    }
    return found;
  } catch {
    return undefined; // Retired meanwhile: the network answers.
  }
}

const facts = (response: Response) => ({
  status: response.status,
  type: response.type,
  redirected: response.redirected,
  contentType: response.headers.get('Content-Type'),
  cacheControl: response.headers.get('Cache-Control'),
});

/**
 * Fetches what is not held yet of `urls` and hands each to `put`, following the static imports of
 * the modules it fetched. A module held before had its imports loaded with it.
 */
async function fetchWithImports(
  urls: string[],
  held: (url: string) => Promise<boolean>,
  put: (url: string, response: Response) => Promise<void>,
): Promise<void> {
  const queue = [...urls];
  const seen = new Set(queue);
  for (let url = queue.shift(); url; url = queue.shift()) {
    if (await held(url)) continue;
    let response: Response;
    try {
      response = await fetch(url);
    } catch {
      return; // Offline again: the page's next visit online finishes the job.
    }
    if (!isKeepable('asset', facts(response))) continue;
    await put(url, response.clone());
    if (!url.endsWith('.js')) continue;
    for (const next of staticImports(await response.text(), url)) {
      if (!seen.has(next)) queue.push(next);
      seen.add(next);
    }
  }
}

/** The scripts and styles a kept page needs, so that its islands wake offline even where the reader never scrolled to them. */
async function keepPageAssets(html: string, pageUrl: string): Promise<void> {
  const assets = await ourCache(OFFLINE_CACHES.asset);
  await fetchWithImports(
    pageAssets(html, pageUrl),
    async (url) => !!(await assets.match(url)),
    (url, response) => keep('asset', url, response),
  );
}

/** Our offline page, with everything it shows, in the worker's own cache: no cap ever drops it. */
async function keepOfflinePage(): Promise<void> {
  // At install, before the cache that ourCache() asks after exists: this makes it.
  const own = await caches.open(OFFLINE_CACHES.own);
  const response = await fetch(OFFLINE_PAGE, { cache: 'reload' });
  if (!response.ok) throw new Error(`${OFFLINE_PAGE}: ${response.status}`);
  const html = await response.clone().text();
  await own.put(`${origin}${OFFLINE_PAGE}`, response);
  const base = `${origin}${OFFLINE_PAGE}`;
  await fetchWithImports(
    [...pageAssets(html, base), ...pageImages(html, base)],
    async () => false,
    (url, answer) => own.put(url, answer),
  );
}

/** From the network, kept when it may be (a page with what it needs to run); a page the site no longer has is dropped. */
async function fromNetwork(event: FetchEvent, kind: OfflineKind, url: string): Promise<Response> {
  const response = await fetch(event.request);
  if (isKeepable(kind, facts(response))) {
    const copy = response.clone();
    event.waitUntil(
      (async () => {
        const html = kind === 'page' ? await copy.clone().text() : '';
        await keep(kind, url, copy);
        if (html) await keepPageAssets(html, url);
      })(),
    );
  } else if (kind === 'page' && (response.status === 404 || response.status === 410))
    event.waitUntil(forget(kind, url));
  return response;
}

const offlinePage = async () => (await ourCache(OFFLINE_CACHES.own)).match(`${origin}${OFFLINE_PAGE}`);

async function page(event: FetchEvent, url: string): Promise<Response> {
  const network = fromNetwork(event, 'page', url);
  // Whatever answers first, the network's answer still lands in the cache.
  event.waitUntil(network.catch(() => undefined));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<void>((resolve) => (timer = setTimeout(resolve, NETWORK_TIMEOUT_MS))).then(async () => {
    const copy = await cached('page', url);
    return copy ?? network;
  });
  try {
    return await Promise.race([network, slow]);
  } catch {
    return (await cached('page', url)) ?? (await offlinePage()) ?? Response.error();
  } finally {
    // Answered (or failed) in time: the copy is not looked up for nothing.
    clearTimeout(timer);
  }
}

async function file(event: FetchEvent, kind: OfflineKind, url: string): Promise<Response> {
  return (await cached(kind, url)) ?? fromNetwork(event, kind, url);
}

/** Pages kept but gone from the site (trashed, made private): asked about once per new worker, while online. */
async function dropGonePages(): Promise<void> {
  const book = await loadLedgers();
  const saved = (await (await ourCache(OFFLINE_CACHES.saved)).keys()).map((request) => request.url);
  const urls = [...new Set([...Object.keys(book.page), ...saved])].filter(
    (url) => offlineKindOf(new URL(url), origin) === 'page',
  );
  for (const url of urls) {
    try {
      const answer = await fetch(url, { method: 'HEAD', cache: 'no-store' });
      if (answer.status === 404 || answer.status === 410) await forget('page', url);
    } catch {
      return; // Offline again: the next worker asks.
    }
  }
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await keepOfflinePage();
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const ours = new Set<string>(Object.values(OFFLINE_CACHES));
      for (const name of await caches.keys())
        if (name.startsWith('blog-') && !ours.has(name)) await caches.delete(name);
      await worker.clients.claim();
      await dropGonePages();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  if (event.data !== RETIRE_MESSAGE) return;
  retired = true;
  event.waitUntil(
    (async () => {
      await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
      event.source?.postMessage(RETIRE_MESSAGE);
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  if (done()) return;
  const request = event.request;
  const url = new URL(request.url);
  const kind = offlineKindOf(url, origin, request.method);
  if (!kind || isPrefetch(request.headers.get('Sec-Purpose'))) return;
  event.respondWith(kind === 'page' ? page(event, url.href) : file(event, kind, url.href));
});

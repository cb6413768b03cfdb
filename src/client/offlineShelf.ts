/**
 * What a reader can open offline, as the page sees it: the pages the worker kept (src/worker/sw.ts)
 * and the articles saved with 「离线保存」, which stay until the reader removes them. Loaded only by
 * the article page's button (islands/article/SaveForOffline.tsx) and the offline page.
 */
import { LEDGER_PATH, parseLedgers } from '../lib/shared/offline/cap';
import { OFFLINE_CACHES, OFFLINE_PAGE } from '../lib/shared/offline/rules';
import { isSavedRecord, SAVED_RECORDS, savedRecordUrl, type SavedRecord } from '../lib/shared/offline/saved';

export type ShelfEntry = Pick<SavedRecord, 'url' | 'title'>;

const recordUrl = (page: string) => savedRecordUrl(new URL(page, location.origin).href);

const saved = () => caches.open(OFFLINE_CACHES.saved);

/** A kept page's heading (the page header's, without the site's name the document title adds), else its title. */
function titleOf(html: string): string {
  const part = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? /<title>([^<]*)<\/title>/i.exec(html)?.[1] ?? '';
  return new DOMParser().parseFromString(part, 'text/html').body.textContent?.trim() ?? '';
}

/** The pages the worker kept, the most recently read first; our offline page itself is not one. */
export async function readablePages(): Promise<ShelfEntry[]> {
  const pages = await caches.open(OFFLINE_CACHES.page);
  const stored = await (await caches.open(OFFLINE_CACHES.own)).match(LEDGER_PATH);
  const ledger = parseLedgers(stored ? await stored.text() : null).page;
  const requests = (await pages.keys()).filter((request) => new URL(request.url).pathname !== OFFLINE_PAGE);
  const entries = await Promise.all(
    requests.map(async (request) => {
      const response = await pages.match(request);
      return { url: request.url, title: response ? titleOf(await response.text()) : request.url };
    }),
  );
  const readAt = (url: string) => ledger[url]?.usedAt ?? 0;
  return entries.sort((a, b) => readAt(b.url) - readAt(a.url));
}

async function readRecord(cache: Cache, key: RequestInfo): Promise<SavedRecord | null> {
  const found = await cache.match(key);
  const value: unknown = found ? await found.json().catch(() => null) : null;
  return isSavedRecord(value) ? value : null;
}

const recordOf = async (page: string) => readRecord(await saved(), recordUrl(page));

export async function savedPages(): Promise<ShelfEntry[]> {
  const cache = await saved();
  const keys = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith(SAVED_RECORDS));
  const records = await Promise.all(keys.map((request) => readRecord(cache, request)));
  return records.filter((record) => record !== null).map(({ url, title }) => ({ url, title }));
}

/** Waits for every picture of the article to load, lazy ones included, so the browser has chosen each one's size. */
async function loadedPictures(root: ParentNode): Promise<string[]> {
  const images = [...root.querySelectorAll<HTMLImageElement>('.article img')];
  for (const image of images) image.loading = 'eager';
  await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  return [...new Set(images.map((image) => image.currentSrc || image.src).filter(Boolean))].filter(
    (src) => new URL(src).origin === location.origin,
  );
}

export const isSaved = async (page: string): Promise<boolean> => (await recordOf(page)) !== null;

/** The article on screen, fresh from the network, with its pictures, into the saved cache. */
export async function saveThisPage(): Promise<void> {
  const page = location.pathname;
  const pictures = await loadedPictures(document);
  const cache = await saved();
  const files = [page, ...pictures];
  await Promise.all(
    files.map(async (file) => {
      const response = await fetch(file, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      await cache.put(new URL(file, location.origin).href, response);
    }),
  );
  const title = document.querySelector('h1')?.textContent?.trim() || document.title;
  const record: SavedRecord = { url: new URL(page, location.origin).href, title, files };
  await cache.put(
    recordUrl(page),
    new Response(JSON.stringify(record), { headers: { 'Content-Type': 'application/json' } }),
  );
}

export async function removeSaved(page: string): Promise<void> {
  const cache = await saved();
  const record = await recordOf(page);
  for (const file of record?.files ?? [page]) await cache.delete(new URL(file, location.origin).href);
  await cache.delete(recordUrl(page));
}

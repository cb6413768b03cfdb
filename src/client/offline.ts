/**
 * Offline reading on the page's side. Once the page has loaded and the browser is idle (never on
 * the first paint's path), the worker (src/worker/sw.ts) is registered, and asked for a newer build
 * on the router's navigations, which the browser does not count as navigations of its own. The
 * header's 「离线」 mark follows the network. With offline reading off, a worker shipped before is
 * removed.
 */
import { OFFLINE_CACHES, RETIRE_MESSAGE, WORKER_PATH } from '../lib/shared/offline/rules';

/** How often the router's navigations may ask whether a new build brought a new worker. */
const UPDATE_EVERY_MS = 60_000;

function whenSettled(run: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

async function register(): Promise<void> {
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(WORKER_PATH);
  } catch {
    // A browser that refuses workers here (some private windows): the site reads as it always did.
    return;
  }
  let askedAt = Date.now();
  document.addEventListener('astro:page-load', () => {
    if (!navigator.onLine || Date.now() - askedAt < UPDATE_EVERY_MS) return;
    askedAt = Date.now();
    registration.update().catch(() => {});
  });
}

/**
 * Asks the worker in charge of this page to stop keeping anything and delete what it kept. It stays
 * in charge of this page until the reader leaves it, and would otherwise keep what the page loads
 * next. Waits for its answer, or a few seconds for a worker that gives none.
 */
function retire(controller: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      navigator.serviceWorker.removeEventListener('message', answered);
      resolve();
    };
    const answered = (event: MessageEvent) => {
      if (event.data === RETIRE_MESSAGE) done();
    };
    const timer = setTimeout(done, 3000);
    navigator.serviceWorker.addEventListener('message', answered);
    controller.postMessage(RETIRE_MESSAGE);
  });
}

/** Offline reading switched off: the worker goes, and so does what it kept. */
async function unregisterAll(): Promise<void> {
  const controller = navigator.serviceWorker.controller;
  if (controller) await retire(controller);
  for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
}

// The worker is made by the build: `npm run dev` has none to register.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  if (document.documentElement.dataset.offline === 'on') whenSettled(() => void register());
  else if (navigator.serviceWorker.controller) whenSettled(() => void unregisterAll());
}

/* The header's mark (components/Header.astro); the header persists across navigations. */
function showNetwork(): void {
  const mark = document.getElementById('offline-mark');
  if (mark) mark.hidden = navigator.onLine;
}
window.addEventListener('online', showNetwork);
window.addEventListener('offline', showNetwork);
showNetwork();

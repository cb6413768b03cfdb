/**
 * Served as `/sw.js` when the site has offline reading off (features.offline): a browser that
 * installed the offline worker before checks it for updates, finds this, and this empties our
 * caches and unregisters itself. The pages' own script unregisters too (src/client/offline.ts);
 * this reaches readers who do not open a page for a while.
 */
import { OFFLINE_CACHES } from '../lib/shared/offline/rules';
import { worker } from './scope';

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
      await worker.registration.unregister();
    })(),
  ),
);

/**
 * The production server: `node src/server/http/main.ts` after a build (npm start does both). Having
 * loaded nothing yet, it starts itself again with the memory settings of serverSettings.ts, then
 * runs server.ts.
 */
import { fileURLToPath } from 'node:url';
import { keepCompileCacheToSelf, restartWithSettings } from './serverSettings.ts';

restartWithSettings(fileURLToPath(import.meta.url));
keepCompileCacheToSelf();
await import('./server.ts');

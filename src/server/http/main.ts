/**
 * The production server: `node src/server/http/main.ts` after a build (npm start does both). Having
 * loaded nothing yet, it starts itself again with the memory settings of serverSettings.ts, then
 * runs server.ts.
 */
import { fileURLToPath } from 'node:url';
import { LOAD_ONLY, restartWithSettings } from './serverSettings.ts';

restartWithSettings(fileURLToPath(import.meta.url));
// Filling the compile cache (loadOnly.ts) takes in the modules the server loads only when first
// needed too (the console's preview), so that loading one later does not bring the type stripper in.
if (process.env[LOAD_ONLY] === '1') await import('../../lib/node/markdownOptions.ts');
await import('./server.ts');

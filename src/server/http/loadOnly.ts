/**
 * Imported first by server.ts. When `npm run build` loads the server only to fill Node's compile
 * cache (serverSettings.ts), every module has been read and compiled by the time this runs, and no
 * other has run yet: nothing is opened, nothing listens.
 */
import { flushCompileCache } from 'node:module';
import { LOAD_ONLY } from './serverSettings.ts';

if (process.env[LOAD_ONLY] === '1') {
  // The server's own modules that it imports only when first needed (the console's preview), so
  // that loading one later does not bring the type stripper in after all.
  await import('../../lib/node/markdownOptions.ts');
  flushCompileCache();
  process.exit(0);
}

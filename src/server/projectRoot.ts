/** The checkout: the build script and the demo content are found from here, whatever the working directory. Imports nothing, so a build can read it without loading the server. */
import { resolve } from 'node:path';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

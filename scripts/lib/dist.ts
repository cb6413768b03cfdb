/** Where the build goes and the server reads from: `dist/` unless `DIST_DIR` says otherwise. */
export const DIST_DIR = process.env.DIST_DIR || 'dist';

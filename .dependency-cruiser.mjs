/**
 * The import boundaries of src/ and scripts/, checked by `npm run lint` (README, 代码的分层).
 *
 * - No folder imports another that imports it back, directly or round a circle: each folder sits
 *   above what it imports. Type imports count too: a circle of types is still a circle a reader
 *   must hold in their head.
 * - src/lib is grouped by where its modules run: shared/ anywhere, browser/ in the reader's
 *   browser, node/ in the build, the server and the scripts. An import across that line would
 *   ship server code to readers, or browser code to the server.
 * - src/client, the request layer, sits under the stores that call it.
 *
 * .astro files are known as the targets of imports, but their own imports are not read: no
 * parser for them exists here. Pages and layouts run at build time and may import anything below.
 */
const browserSide = '^src/(islands|stores|client|lib/browser)/';
const nodeSide = '^(src/server|src/lib/node|scripts)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-folder-circle',
      comment: 'Two folders import each other, directly or round a circle.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(src|scripts)/' },
      to: { circular: true },
    },
    {
      name: 'lib-shared-runs-anywhere',
      comment: 'src/lib/shared runs in the browser and in Node: it may import neither side.',
      severity: 'error',
      from: { path: '^src/lib/shared/' },
      to: { path: '^src/lib/(browser|node)/' },
    },
    {
      name: 'browser-code-stays-out-of-node',
      comment: 'Code for the browser imports nothing from src/lib/node.',
      severity: 'error',
      from: { path: browserSide },
      to: { path: '^src/lib/node/' },
    },
    {
      name: 'node-code-stays-out-of-the-browser',
      comment: 'The server, the build and the scripts import nothing from src/lib/browser.',
      severity: 'error',
      from: { path: nodeSide },
      to: { path: '^src/lib/browser/' },
    },
    {
      name: 'lib-in-its-groups',
      comment: 'Every module of src/lib is in shared/, browser/ or node/.',
      severity: 'error',
      from: {},
      to: { path: '^src/lib/[^/]+$' },
    },
    {
      name: 'client-under-stores',
      comment: 'The request layer (src/client) sits under the stores, which import it.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/stores/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/env\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    extraExtensionsToScan: ['.astro'],
  },
};

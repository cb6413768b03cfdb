/**
 * src/lib is grouped by where its modules run: shared/ anywhere, browser/ in the reader's browser
 * (and the islands' build-time render), node/ in the build, the server and the scripts. A module
 * imported across that line would ship server code to readers, or browser code to the server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = /\.(ts|tsx|astro|mjs)$/;
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => SOURCE.test(file))
    .map((file) => join(dir, file));
}

/** Every relative import of a lib module: who imports which group. */
function libImports(): { from: string; group: string }[] {
  const found: { from: string; group: string }[] = [];
  for (const file of [...sources('src'), ...sources('scripts')]) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative('src/lib', normalize(join(dirname(file), spec)));
      const group = /^(browser|node|shared)[\\/]/.exec(target)?.[1];
      if (group) found.push({ from: file.replaceAll('\\', '/'), group });
    }
  }
  return found;
}

const may: [RegExp, string[]][] = [
  [/^src\/lib\/shared\//, ['shared']],
  [/^src\/lib\/browser\//, ['shared', 'browser']],
  [/^src\/lib\/node\//, ['shared', 'node']],
  [/^src\/(islands|stores|client)\//, ['shared', 'browser']],
  [/^(src\/server|scripts)\//, ['shared', 'node']],
];

describe('src/lib by where code runs', () => {
  const imports = libImports();

  it('finds the imports it checks', () => {
    expect(imports.length).toBeGreaterThan(100);
    expect(new Set(imports.map((i) => i.group))).toEqual(new Set(['shared', 'browser', 'node']));
  });

  it('has no module in src/lib outside the three groups', () => {
    expect(readdirSync('src/lib').filter((name) => SOURCE.test(name))).toEqual([]);
  });

  it('imports across no line', () => {
    const crossing = imports.filter(({ from, group }) => {
      const rule = may.find(([where]) => where.test(from));
      return rule !== undefined && !rule[1].includes(group);
    });
    expect(crossing).toEqual([]);
  });
});

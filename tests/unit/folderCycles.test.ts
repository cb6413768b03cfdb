/**
 * No two folders of src/ import each other, directly or round a circle: each folder (src/server/db,
 * src/stores, …) sits above what it imports. Type imports count too: a circle of types is still
 * a circle a reader must hold in their head.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A file's folder, two levels below src at most (`src/server/http/routes/x.ts` is in `src/server/http`). */
const folderOf = (file: string) => dirname(file).split('/').slice(0, 3).join('/');

const IMPORT = /(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'/g;

function folderImports(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const name of readdirSync('src', { recursive: true, encoding: 'utf8' })) {
    if (!/\.(ts|tsx|astro|mjs)$/.test(name)) continue;
    const file = join('src', name);
    for (const [, a, b, c] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const from = folderOf(file);
      const to = folderOf(normalize(join(dirname(file), a ?? b ?? c)));
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from)!.set(to, `${file} → ${a ?? b ?? c}`);
    }
  }
  return edges;
}

/** The folders that reach themselves again, with an import of each step (Tarjan's strongly connected components). */
function circles(edges: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of edges.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const members: string[] = [];
    let member: string;
    do members.push((member = stack.pop()!));
    while (member !== folder);
    if (members.length > 1) {
      found.push(members.flatMap((from) => [...(edges.get(from) ?? [])].filter(([to]) => members.includes(to)).map(([, via]) => via)));
    }
  };
  for (const folder of edges.keys()) if (!index.has(folder)) visit(folder);
  return found;
}

describe('the folders of src/', () => {
  it('import one another in one direction only', () => {
    const edges = folderImports();
    expect(edges.size).toBeGreaterThan(20);
    expect(circles(edges)).toEqual([]);
  });

  it('would be caught importing each other', () => {
    const edges = new Map([
      ['src/a', new Map([['src/b', 'src/a/x.ts → ../b/y.ts']])],
      ['src/b', new Map([['src/a', 'src/b/y.ts → ../a/x.ts']])],
    ]);
    expect(circles(edges)).toHaveLength(1);
  });
});

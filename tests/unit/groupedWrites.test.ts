/** Grouped writes as the group commit's thread finds them: by the module and name each call carries. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const DECLARED = /= groupedWrite\(\s*import\.meta\.url,\s*'(\w+)'/g;
const declaring = readdirSync('src/server', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => join('src/server', file))
  .filter((file) => readFileSync(file, 'utf8').match(DECLARED));

describe('grouped writes', () => {
  it('are each exported by their module under the name they declare', async () => {
    expect(declaring.length).toBeGreaterThanOrEqual(4);
    for (const file of declaring) {
      const url = pathToFileURL(resolve(file)).href;
      const declared = [...readFileSync(file, 'utf8').matchAll(DECLARED)].map(([, name]) => name);
      const exports = (await import(url)) as Record<string, { module?: string; exportName?: string }>;
      for (const name of declared) {
        expect(typeof exports[name], `${file} exports ${name}`).toBe('function');
        expect({ module: exports[name].module, exportName: exports[name].exportName }).toEqual({
          module: url,
          exportName: name,
        });
      }
    }
  });

  it("live in modules that load no ORM, since the group commit's thread loads them too", () => {
    for (const file of declaring) {
      const valueImports = [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)].map(
        ([, from]) => from,
      );
      expect(
        valueImports.filter((from) => /drizzle|\/db\/(client|schema)\.ts$/.test(from)),
        file,
      ).toEqual([]);
    }
  });
});

/** Grouped writes as the group commit's thread finds them: by the module and name each call carries. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { totalsSeen } from '../../src/server/budgets/quota';
import { bySubject } from '../../src/server/db/groupedWrites';
import { keyCounts } from '../../src/server/db/keyCounts';

const DECLARED = /= grouped(?:Write|Batch)\(\s*import\.meta\.url,\s*'(\w+)'/g;
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

describe('batches', () => {
  it("split calls by subject, start every part before awaiting any, and answer in the calls' order", async () => {
    const started: string[] = [];
    const answers = await bySubject(
      ['a1', 'b1', 'a2', 'c1', 'b2'],
      (call) => call[0],
      async (subject, calls) => {
        started.push(subject);
        await new Promise((resolve) => setTimeout(resolve, subject === 'a' ? 20 : 0));
        return calls.map((call) => call.toUpperCase());
      },
    );
    expect(started).toEqual(['a', 'b', 'c']);
    expect(answers).toEqual(['A1', 'B1', 'A2', 'C1', 'B2']);
  });

  it('pass keys as one JSON object of counts, any key kept as it is', () => {
    const { counts, parameter } = keyCounts(['a', '__proto__', 'a', '"\\', '读者']);
    expect(counts.get('a')).toBe(2);
    expect(JSON.parse(parameter)).toEqual(
      Object.fromEntries([
        ['a', 2],
        ['__proto__', 1],
        ['"\\', 1],
        ['读者', 1],
      ]),
    );
    expect(Object.keys(JSON.parse(parameter))).toContain('__proto__');
  });

  it('answer each call the total as its own count left it', () => {
    expect(totalsSeen(10, [true, false, true, true])).toEqual([8, 8, 9, 10]);
    expect(totalsSeen(4, [false, false])).toEqual([4, 4]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingFlags, SERVER_NODE_FLAGS } from '../../src/server/http/serverSettings';

describe('the server process settings', () => {
  it('asks for every flag when the server is started bare', () => {
    expect(missingFlags([])).toEqual(SERVER_NODE_FLAGS);
    // Options that are not the settings' own do not count.
    expect(missingFlags(['--import', './hooks.mjs', '--enable-source-maps'], '--no-warnings')).toEqual(
      SERVER_NODE_FLAGS,
    );
  });

  it('asks for nothing once the process has them, so a restarted server does not start itself again', () => {
    expect(missingFlags([...SERVER_NODE_FLAGS])).toEqual([]);
    expect(missingFlags(['--inspect', ...SERVER_NODE_FLAGS, '--watch-path=src'])).toEqual([]);
  });

  it("keeps the owner's own value of a flag, given on the command line or in NODE_OPTIONS, in either spelling", () => {
    const [first, ...rest] = SERVER_NODE_FLAGS;
    const name = first.split('=')[0];
    expect(missingFlags([`${name}=64`])).toEqual(rest);
    expect(missingFlags([], `--trace-warnings ${name.replace(/-/g, '_').replace(/^__/, '--')}=64`)).toEqual(rest);
    expect(missingFlags([name, '64'])).toEqual(rest);
  });
});

describe("the server's modules", () => {
  it("take node:http's values from nodeHttp.ts, and only its types as an ES module import, which would load Node's undici", () => {
    const files = readdirSync('src/server', { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.ts'),
    );
    const valueImports = files.filter((file) =>
      /^import (?!type )[^;]*from 'node:https?';/m.test(readFileSync(join('src/server', file), 'utf8')),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(valueImports).toEqual([]);
  });
});

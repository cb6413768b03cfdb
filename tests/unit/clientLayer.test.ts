import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const CLIENT = new URL('../../src/client/', import.meta.url);

describe('the client layer', () => {
  it('imports nothing from the stores, which sit above it and import the client', () => {
    const upward = readdirSync(CLIENT)
      .filter((name) => /\.tsx?$/.test(name))
      .flatMap((name) => [...readFileSync(new URL(name, CLIENT), 'utf8').matchAll(/from '([^']+)'/g)].filter(([, path]) => /(^|\/)stores\//.test(path)).map(([, path]) => `${name}: ${path}`));
    expect(upward).toEqual([]);
  });
});

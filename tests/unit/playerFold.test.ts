import { runInNewContext } from 'node:vm';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { PLAYER_FOLDED_ATTRIBUTE, PLAYER_FOLDED_KEY } from '../../src/lib/browser/playerFold';
import { pageBootScript } from '../../src/lib/browser/pageBoot';

/** Runs the inline boot script with a fake storage and <html>; answers whether it marked <html>, before and after a navigation. */
function boot(
  stored: Record<string, string>,
  afterSwap?: Record<string, string>,
): { first: boolean; afterSwap: boolean | null } {
  const attributes = new Set<string>();
  const listeners: Record<string, () => void> = {};
  let storage = stored;
  runInNewContext(pageBootScript({ playerFold: true }), {
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    document: {
      documentElement: {
        toggleAttribute: (name: string, on: boolean) => (on ? attributes.add(name) : attributes.delete(name)),
        setAttribute: () => {},
        style: {},
      },
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      querySelector: () => null,
    },
  });
  const first = attributes.has(PLAYER_FOLDED_ATTRIBUTE);
  if (!afterSwap) return { first, afterSwap: null };
  // The router gives <html> the new page's attributes, then tells the page.
  attributes.clear();
  storage = afterSwap;
  listeners['astro:after-swap']();
  return { first, afterSwap: attributes.has(PLAYER_FOLDED_ATTRIBUTE) };
}

useTestStorageEngine();

/** What the store writes for a fold and for an unfold, read from the store's own storage. */
async function stored(folded: boolean): Promise<Record<string, string>> {
  const { $playerFolded } = await import('../../src/stores/playerFold');
  $playerFolded.set(folded);
  return { ...getTestStorage() };
}

describe('the boot script folds the pill', () => {
  afterEach(() => cleanStores());

  it('marks <html> when the store saved a fold', async () => {
    expect(boot(await stored(true)).first).toBe(true);
  });
  it('leaves the pill out when nothing, an unfold or something else is saved', async () => {
    expect(boot({}).first).toBe(false);
    expect(boot(await stored(false)).first).toBe(false);
    expect(boot({ [PLAYER_FOLDED_KEY]: 'true' }).first).toBe(false);
    expect(boot({ other: (await stored(true))[PLAYER_FOLDED_KEY] }).first).toBe(false);
  });
  it('marks <html> again after every client-side navigation, from what is saved then', async () => {
    const folded = await stored(true);
    const unfolded = await stored(false);
    expect(boot(folded, folded).afterSwap).toBe(true);
    expect(boot({}, folded).afterSwap).toBe(true);
    expect(boot(folded, unfolded).afterSwap).toBe(false);
  });
  it('survives storage that refuses to be read', () => {
    const attributes = new Set<string>();
    let theme: string | null = null;
    runInNewContext(pageBootScript({ playerFold: true }), {
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
      document: {
        documentElement: {
          toggleAttribute: (name: string, on: boolean) => (on ? attributes.add(name) : attributes.delete(name)),
          setAttribute: (_: string, v: string) => (theme = v),
          style: {},
        },
        addEventListener: () => {},
        querySelector: () => null,
      },
    });
    expect(attributes.size).toBe(0);
    expect(theme).toMatch(/^(light|dark)$/);
  });
});

import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { encodeStored } from '../../src/lib/browser/storage';
import { PLAYER_FOLDED_ATTRIBUTE, PLAYER_FOLDED_KEY, playerFoldBootScript } from '../../src/lib/browser/playerFold';

/** Runs the inline boot script with a fake storage and <html>; answers whether it marked <html>, before and after a navigation. */
function boot(stored: Record<string, string>, afterSwap?: Record<string, string>): { first: boolean; afterSwap: boolean | null } {
  const attributes = new Set<string>();
  const listeners: Record<string, () => void> = {};
  let storage = stored;
  runInNewContext(playerFoldBootScript, {
    atob,
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    document: {
      documentElement: { toggleAttribute: (name: string, on: boolean) => (on ? attributes.add(name) : attributes.delete(name)) },
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
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

describe('playerFoldBootScript', () => {
  it('marks <html> when the store saved a fold, in the store’s encoding', () => {
    expect(boot({ [PLAYER_FOLDED_KEY]: encodeStored(true) }).first).toBe(true);
  });
  it('leaves the pill out when nothing, an unfold or something unreadable is saved', () => {
    expect(boot({}).first).toBe(false);
    expect(boot({ [PLAYER_FOLDED_KEY]: encodeStored(false) }).first).toBe(false);
    expect(boot({ [PLAYER_FOLDED_KEY]: '%%%not-base64' }).first).toBe(false);
    expect(boot({ [PLAYER_FOLDED_KEY]: encodeStored('true') }).first).toBe(false);
    expect(boot({ other: encodeStored(true) }).first).toBe(false);
  });
  it('marks <html> again after every client-side navigation, from what is saved then', () => {
    expect(boot({ [PLAYER_FOLDED_KEY]: encodeStored(true) }, { [PLAYER_FOLDED_KEY]: encodeStored(true) }).afterSwap).toBe(true);
    expect(boot({}, { [PLAYER_FOLDED_KEY]: encodeStored(true) }).afterSwap).toBe(true);
    expect(boot({ [PLAYER_FOLDED_KEY]: encodeStored(true) }, { [PLAYER_FOLDED_KEY]: encodeStored(false) }).afterSwap).toBe(false);
  });
  it('survives storage that refuses to be read', () => {
    const attributes = new Set<string>();
    runInNewContext(playerFoldBootScript, {
      atob,
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
      document: { documentElement: { toggleAttribute: (name: string, on: boolean) => (on ? attributes.add(name) : attributes.delete(name)) }, addEventListener: () => {} },
    });
    expect(attributes.size).toBe(0);
  });
});

/** The switches of the site's parts (src/lib/shared/features.ts) and where their pages go (scripts/astro/featurePages.ts). */
import { describe, expect, it } from 'vitest';
import { featureSwitches } from '../../src/lib/shared/features';
import { pagePattern } from '../../scripts/astro/featurePages';

const allOn = { shop: true, links: true, board: true, talks: true, music: true, comments: true, offline: true };

describe('featureSwitches', () => {
  it('keeps the config’s switches, and turns off what FEATURES_OFF names', () => {
    expect(featureSwitches(allOn)).toEqual(allOn);
    expect(featureSwitches({ ...allOn, shop: false }, '')).toMatchObject({ shop: false, talks: true });
    expect(featureSwitches(allOn, ' music, comments ')).toEqual({ ...allOn, music: false, comments: false });
    expect(Object.values(featureSwitches(allOn, 'all'))).toEqual(Object.values(allOn).map(() => false));
  });

  it('still understands a switch by its former name', () => {
    expect(featureSwitches(allOn, 'downloads')).toEqual({ ...allOn, links: false });
  });

  it('refuses a name it does not know, so a typo never leaves a part on', () => {
    expect(() => featureSwitches(allOn, 'shop,musik')).toThrow('musik');
  });
});

describe('pagePattern', () => {
  it('gives a page the address its file would have under src/pages', () => {
    expect(pagePattern('pay/index.astro')).toBe('/pay');
    expect(pagePattern('pay/[slug].astro')).toBe('/pay/[slug]');
    expect(pagePattern('message/list.astro')).toBe('/message/list');
    expect(pagePattern('talk/_TalkCard.astro')).toBeNull();
    expect(pagePattern('talk/notes.md')).toBeNull();
  });
});

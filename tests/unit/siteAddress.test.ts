/** The address mail links point at (src/server/http/config.ts), and the switches the server follows with a build. */
import { describe, expect, it } from 'vitest';
import { featuresOf, listeningUrl, readConfig } from '../../src/server/http/config';

describe('the site’s address without SITE_URL', () => {
  it('is the address the server listens on', () => {
    expect(readConfig({}).siteUrl).toBe('http://localhost:4321');
    expect(readConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(readConfig({ HOST: '127.0.0.1', PORT: '5000' }).siteUrl).toBe('http://127.0.0.1:5000');
    expect(readConfig({ HOST: '::', PORT: '5000' }).siteUrl).toBe('http://localhost:5000');
    expect(readConfig({ HOST: '::1', PORT: '5000' }).siteUrl).toBe('http://[::1]:5000');
    expect(readConfig({ HOST: 'blog.lan', PORT: '80' }).siteUrl).toBe('http://blog.lan:80');
  });

  it('is SITE_URL when it is set, and then the server has an origin for it', () => {
    const config = readConfig({ PORT: '8080', SITE_URL: 'https://blog.example.com/' });
    expect(config.siteUrl).toBe('https://blog.example.com');
    expect(config.siteOrigin).toBe('https://blog.example.com');
    expect(readConfig({ PORT: '8080' }).siteOrigin).toBeNull();
  });

  it('writes a wildcard host as localhost', () => {
    expect(listeningUrl('0.0.0.0', 4321)).toBe('http://localhost:4321');
  });
});

describe('the parts on with a build', () => {
  const allOn = { shop: true, links: true, board: true, talks: true, music: true, comments: true, offline: true };

  it('are the build’s own, less what the server’s FEATURES_OFF turns off', () => {
    const config = readConfig({ FEATURES_OFF: 'music' });
    expect(featuresOf(config, { ...allOn, shop: false })).toEqual({ ...allOn, shop: false, music: false });
    // A part the build has on again is on, whatever the server started with.
    expect(featuresOf(readConfig({}), allOn)).toEqual(allOn);
  });

  it('are the config’s for a build that did not record them', () => {
    expect(featuresOf(readConfig({ FEATURES_OFF: 'shop' }), null)).toEqual({ ...allOn, shop: false });
  });
});

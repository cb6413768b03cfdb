import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/http/config';

describe('readConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 4321,
      distDir: resolve('dist'),
      // The demo content in the checkout; the article export is the current build's own.
      contentDir: resolve('src', 'content'),
      contentExportDir: null,
      autoPublish: true,
      httpsSite: false,
      trustProxy: false,
      uploadDir: resolve('data', 'uploads'),
      database: { url: 'file:./data/blog.db' },
      mediaOrigins: [],
      admin: null,
    });
    expect(config.music).toMatchObject({ dir: resolve('data', 'music'), upstream: null, timeoutMs: 10_000 });
    expect(config.connections).toEqual({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 20_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1024,
      maxConnectionsPerAddress: 128,
      firstBytesTimeoutMs: 10_000,
    });
  });

  it('reads every setting from the environment it is given', () => {
    const config = readConfig({
      HOST: '127.0.0.1',
      PORT: '8080',
      DIST_DIR: '/srv/blog/dist',
      SITE_URL: 'https://blog.example.com',
      TRUST_PROXY: '1',
      UPLOAD_DIR: 'files',
      DATABASE_URL: 'libsql://db.example.com',
      DATABASE_AUTH_TOKEN: 'secret',
      SESSION_TTL_DAYS: '2',
      MUSIC_UPSTREAM: 'https://music.example.com',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'ownerpassword',
      CONTENT_DIR: '/srv/blog/content',
      AUTO_PUBLISH: 'off',
    });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      distDir: '/srv/blog/dist',
      contentDir: '/srv/blog/content',
      autoPublish: false,
      httpsSite: true,
      trustProxy: 1,
      uploadDir: resolve('files'),
      database: { url: 'libsql://db.example.com', authToken: 'secret' },
      sessions: { ttlMs: 2 * 24 * 3600_000 },
      admin: { username: 'owner', password: 'ownerpassword' },
    });
    expect(config.music.upstream?.origin).toBe('https://music.example.com');
    expect(config.mediaOrigins).toEqual(['https://*.music.126.net']);
  });

  it('stops at a malformed setting, naming it', () => {
    expect(() => readConfig({ MUSIC_UPSTREAM_TIMEOUT_MS: 'soon' })).toThrow(/MUSIC_UPSTREAM_TIMEOUT_MS/);
    expect(() => readConfig({ MEDIA_ORIGINS: 'https://a.example.com/path' })).toThrow(/MEDIA_ORIGINS/);
    expect(() => readConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    expect(() => readConfig({ MAX_CONNECTIONS: 'many' })).toThrow(/MAX_CONNECTIONS/);
  });

  it('keeps the request timeout and the headers timeout in order', () => {
    expect(readConfig({ REQUEST_TIMEOUT_SECONDS: '5' }).connections).toMatchObject({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 5000,
      firstBytesTimeoutMs: 5000,
    });
    // The share of one address never exceeds the whole.
    expect(readConfig({ MAX_CONNECTIONS: '50', MAX_CONNECTIONS_PER_ADDRESS: '500' }).connections).toMatchObject({
      maxConnections: 50,
      maxConnectionsPerAddress: 50,
    });
  });

  it('refuses a 易支付 platform over plain HTTP, unless it is on this machine and allowed for tests', () => {
    const epay = { PAY_PROVIDER: 'epay', EPAY_PID: '1001', EPAY_KEY: 'k' };
    expect(() => readConfig({ ...epay, EPAY_URL: 'http://pay.example.com' })).toThrow(/EPAY_URL 必须是 https 地址/);
    expect(() => readConfig({ ...epay, EPAY_URL: 'http://127.0.0.1:9000' })).toThrow(/EPAY_URL 必须是 https 地址/);
    expect(() => readConfig({ ...epay, EPAY_URL: 'http://pay.example.com', EPAY_ALLOW_HTTP_LOOPBACK: '1' })).toThrow(
      /EPAY_URL 必须是 https 地址/,
    );
    expect(
      readConfig({ ...epay, EPAY_URL: 'http://127.0.0.1:9000', EPAY_ALLOW_HTTP_LOOPBACK: '1' }).payment.epay?.url,
    ).toBe('http://127.0.0.1:9000');
    expect(readConfig({ ...epay, EPAY_URL: 'https://pay.example.com/' }).payment.epay?.url).toBe(
      'https://pay.example.com',
    );
  });
});

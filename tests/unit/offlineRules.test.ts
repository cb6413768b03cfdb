import { describe, expect, it } from 'vitest';
import {
  toEvict,
  parseLedger,
  parseLedgers,
  needsRefresh,
  REFRESH_AFTER_MS,
  type Ledger,
} from '../../src/lib/shared/offline/cap';
import {
  isKeepable,
  isNeverCached,
  isPrefetch,
  offlineKindOf,
  pageAssets,
  pageImages,
  staticImports,
} from '../../src/lib/shared/offline/rules';
import { isSavedRecord, savedRecordUrl } from '../../src/lib/shared/offline/saved';

const ORIGIN = 'https://blog.example.com';
const kind = (path: string, method = 'GET', origin = ORIGIN) => offlineKindOf(new URL(path, origin), ORIGIN, method);

describe('what the offline worker keeps', () => {
  it('keeps pages, hashed assets and pictures of this site', () => {
    expect(kind('/home')).toBe('page');
    expect(kind('/home/2')).toBe('page');
    expect(kind('/article/7')).toBe('page');
    expect(kind('/article?id=7')).toBe('page');
    expect(kind('/talk')).toBe('page');
    expect(kind('/archives/index.html')).toBe('page');
    expect(kind('/tag/C%23')).toBe('page');
    expect(kind('/offline')).toBe('page');
    expect(kind('/_astro/page.Bq3x9.js')).toBe('asset');
    expect(kind('/_astro/cover.D1x.webp')).toBe('asset');
    expect(kind('/uploads/2026/11/photo.jpg')).toBe('image');
    expect(kind('/img/avatar.svg')).toBe('image');
    expect(kind('/icons/icon-192.png')).toBe('image');
  });

  it('never touches the API, the console, orders, or pages that depend on who is logged in', () => {
    for (const path of [
      '/api/article/view/7',
      '/api',
      '/wapi/song/url?id=1',
      '/admin',
      '/admin/articles/edit?id=3',
      '/pay/order',
      '/pay/order/123',
      '/login',
      '/register',
      '/userCenter',
      '/resetPassword?token=abc',
      '/verifyEmail?token=abc',
      '/undoEmailChange',
      '/confirmGuestEmail',
      '/forgotPassword',
      '/message/publish',
      '/message/detail?id=2',
      '/link/apply',
      '/logout',
      '/__offline/ledger.json',
      '/__offline/saved/%2Farticle%2F7',
    ]) {
      expect(kind(path), path).toBeNull();
      expect(isNeverCached(new URL(path, ORIGIN).pathname), path).toBe(true);
    }
    // A prefix is not a path: an article about the API is a page.
    expect(kind('/apiary')).toBe('page');
    expect(kind('/administrators-guide')).toBe('page');
  });

  it('leaves other hosts, other methods and other files to the network', () => {
    expect(kind('/home', 'GET', 'https://cdn.example.com')).toBeNull();
    expect(kind('/article/7', 'POST')).toBeNull();
    expect(kind('/article/7', 'HEAD')).toBeNull();
    expect(kind('/sw.js')).toBeNull();
    expect(kind('/rss.xml')).toBeNull();
    expect(kind('/manifest.webmanifest')).toBeNull();
    expect(kind('/music/song.mp3')).toBeNull();
  });

  const answer = {
    status: 200,
    type: 'basic',
    redirected: false,
    contentType: 'text/html; charset=utf-8',
    cacheControl: null,
  };

  it('keeps only whole, public answers, and for a page, HTML', () => {
    expect(isKeepable('page', answer)).toBe(true);
    expect(isKeepable('page', { ...answer, status: 404 })).toBe(false);
    expect(isKeepable('page', { ...answer, status: 206 })).toBe(false);
    expect(isKeepable('page', { ...answer, type: 'opaqueredirect', status: 0 })).toBe(false);
    expect(isKeepable('page', { ...answer, redirected: true })).toBe(false);
    expect(isKeepable('page', { ...answer, cacheControl: 'private, max-age=0' })).toBe(false);
    expect(isKeepable('page', { ...answer, cacheControl: 'no-store' })).toBe(false);
    expect(isKeepable('page', { ...answer, contentType: 'application/json' })).toBe(false);
    expect(isKeepable('image', { ...answer, contentType: 'image/webp' })).toBe(true);
  });

  it('keeps the record of a saved page under the caches’ own path, one per page', () => {
    expect(savedRecordUrl(`${ORIGIN}/article/7`)).toBe(`${ORIGIN}/__offline/saved/%2Farticle%2F7`);
    expect(savedRecordUrl(`${ORIGIN}/article/7?from=rss`)).toBe(savedRecordUrl(`${ORIGIN}/article/7`));
    expect(savedRecordUrl(`${ORIGIN}/tag/C%23`)).not.toBe(savedRecordUrl(`${ORIGIN}/tag/C`));
    const record = { url: `${ORIGIN}/article/7`, title: '标题', files: ['/article/7', '/_astro/a.webp'] };
    expect(isSavedRecord(record)).toBe(true);
    expect(isSavedRecord({ ...record, files: [1] })).toBe(false);
    expect(isSavedRecord({ url: record.url, files: [] })).toBe(false);
    expect(isSavedRecord(null)).toBe(false);
  });

  it('takes a hovered link’s prefetch for no reading', () => {
    expect(isPrefetch('prefetch')).toBe(true);
    expect(isPrefetch('prefetch;prerender')).toBe(true);
    expect(isPrefetch(null)).toBe(false);
  });
});

describe('the cap of an offline cache', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = 100 * DAY;
  const cap = { maxEntries: 3, maxBytes: 1000, maxAgeMs: 30 * DAY };

  it('keeps everything within the count, the bytes and the age', () => {
    const ledger: Ledger = { a: { bytes: 300, usedAt: now - DAY }, b: { bytes: 300, usedAt: now - 29 * DAY } };
    expect(toEvict(ledger, cap, now)).toEqual([]);
  });

  it('drops what was not read for longer than the age, however small the cache', () => {
    const ledger: Ledger = { old: { bytes: 1, usedAt: now - 31 * DAY }, fresh: { bytes: 1, usedAt: now } };
    expect(toEvict(ledger, cap, now)).toEqual(['old']);
  });

  it('drops the least recently read first, until the count fits', () => {
    const ledger: Ledger = {
      c: { bytes: 1, usedAt: now - 3 },
      a: { bytes: 1, usedAt: now - 5 },
      d: { bytes: 1, usedAt: now - 1 },
      b: { bytes: 1, usedAt: now - 4 },
      e: { bytes: 1, usedAt: now },
    };
    expect(toEvict(ledger, cap, now)).toEqual(['a', 'b']);
  });

  it('drops until the bytes fit, even below the count', () => {
    const ledger: Ledger = {
      big: { bytes: 900, usedAt: now - 10 },
      mid: { bytes: 500, usedAt: now - 5 },
      new: { bytes: 400, usedAt: now },
    };
    expect(toEvict(ledger, cap, now)).toEqual(['big']);
  });

  it('refreshes a read entry’s time only once it is an hour old', () => {
    expect(needsRefresh({ bytes: 1, usedAt: now - REFRESH_AFTER_MS + 1 }, now)).toBe(false);
    expect(needsRefresh({ bytes: 1, usedAt: now - REFRESH_AFTER_MS - 1 }, now)).toBe(true);
  });

  it('reads back the worker’s ledgers, one per cache, and a damaged document as empty ones', () => {
    const stored = JSON.stringify({ page: { a: { bytes: 2, usedAt: 3 } }, image: 'x' });
    expect(parseLedgers(stored)).toEqual({ page: { a: { bytes: 2, usedAt: 3 } }, image: {}, asset: {} });
    expect(parseLedgers('{"page":')).toEqual({ page: {}, image: {}, asset: {} });
    expect(parseLedgers(null)).toEqual({ page: {}, image: {}, asset: {} });
    expect(parseLedgers('null')).toEqual({ page: {}, image: {}, asset: {} });
  });

  it('reads back a stored ledger, dropping what is not one', () => {
    expect(parseLedger({ a: { bytes: 2, usedAt: 3 }, b: { bytes: '2', usedAt: 3 }, c: null })).toEqual({
      a: { bytes: 2, usedAt: 3 },
    });
    expect(parseLedger(null)).toEqual({});
    expect(parseLedger('x')).toEqual({});
  });
});

describe('what a kept page needs to run offline', () => {
  const page = `${ORIGIN}/article/7`;

  it('is the build files its islands, scripts and stylesheets name', () => {
    const html = `<link rel="stylesheet" href="/_astro/article.Ab1.css"><script type="module" src="/_astro/page.Cd2.js"></script>
      <astro-island component-url="/_astro/LikeButton.Ef3.js" renderer-url="/_astro/client.Gh4.js"></astro-island>
      <img src="/_astro/cover.Ij5.webp"><a href="/article/8">下一篇</a><script src="/sw.js"></script>
      <astro-island component-url="/_astro/LikeButton.Ef3.js"></astro-island>`;
    expect(pageAssets(html, page)).toEqual([
      `${ORIGIN}/_astro/article.Ab1.css`,
      `${ORIGIN}/_astro/page.Cd2.js`,
      `${ORIGIN}/_astro/LikeButton.Ef3.js`,
      `${ORIGIN}/_astro/client.Gh4.js`,
    ]);
  });

  it('follows a module’s static imports, not its dynamic ones', () => {
    const code =
      'import{j as e}from"./jsx-runtime.Aa1.js";import"./toasts.Bb2.js";export{c}from"../_astro/store.Cc3.js";' +
      'const l=()=>import("./CommentSection.Dd4.js");const s="from \\"x\\"";';
    expect(staticImports(code, `${ORIGIN}/_astro/Comments.Ee5.js`)).toEqual([
      `${ORIGIN}/_astro/jsx-runtime.Aa1.js`,
      `${ORIGIN}/_astro/toasts.Bb2.js`,
      `${ORIGIN}/_astro/store.Cc3.js`,
    ]);
  });
});

describe('what our offline page shows', () => {
  it('is the pictures it names by src on this site', () => {
    const html =
      '<img src="/img/headers/default.svg"><img src="/img/avatar.svg" srcset="/_astro/a.webp 1x"><img src="https://cdn.example.com/x.png">' +
      '<script src="/_astro/page.js"></script><img src="//cdn.example.com/y.png"><img src="/img/avatar.svg">';
    expect(pageImages(html, `${ORIGIN}/offline`)).toEqual([
      `${ORIGIN}/img/headers/default.svg`,
      `${ORIGIN}/img/avatar.svg`,
    ]);
  });
});

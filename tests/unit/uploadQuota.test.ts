import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDb, openDb, type Db } from '../../src/server/db/client';
import { uploads, users } from '../../src/server/db/schema';
import { RetryLater } from '../../src/server/shared/errors';
import { checkQuota, DAILY_UPLOAD_QUOTA } from '../../src/server/uploads/quota';
import { createUploadService } from '../../src/server/uploads/service';
import { makePng } from '../fixtures/images';

const HOUR = 3600_000;
const MB = 1024 * 1024;
const now = 100 * 24 * HOUR;

describe('daily upload quota', () => {
  it('allows up to 50 files a day and names the wait for the 51st', () => {
    const past = Array.from({ length: 49 }, (_, i) => ({ bytes: 1000, createdAt: now - 10 * HOUR + i * 1000 }));
    expect(checkQuota(past, 1000, now)).toEqual({ ok: true });
    past.push({ bytes: 1000, createdAt: now - HOUR });
    // The oldest upload leaves the 24-hour window in 14 hours; then there is room for one more.
    expect(checkQuota(past, 1000, now)).toEqual({ ok: false, limit: 'files', retryAfterMs: 14 * HOUR });
  });

  it('allows up to 20 MB a day, and waits for as many old uploads to leave as the new one needs', () => {
    const past = [
      { bytes: 8 * MB, createdAt: now - 20 * HOUR },
      { bytes: 8 * MB, createdAt: now - 10 * HOUR },
      { bytes: 3 * MB, createdAt: now - HOUR },
    ];
    expect(checkQuota(past, MB, now)).toEqual({ ok: true });
    expect(checkQuota(past, MB + 1, now)).toEqual({ ok: false, limit: 'bytes', retryAfterMs: 4 * HOUR });
    expect(checkQuota([...past, { bytes: MB, createdAt: now }], 10 * MB, now)).toEqual({
      ok: false,
      limit: 'bytes',
      retryAfterMs: 14 * HOUR,
    });
  });

  it('forgets uploads older than the window', () => {
    const past = Array.from({ length: 60 }, () => ({ bytes: MB, createdAt: now - DAILY_UPLOAD_QUOTA.windowMs }));
    expect(checkQuota(past, 2 * MB, now)).toEqual({ ok: true });
  });
});

/**
 * The database with every read slowed down, as a busy disk or a remote database would: without
 * the per-user step, parallel uploads would then all read the same count before any records its file.
 */
function withSlowReads(db: Db, ms = 20): Db {
  const slow = (builder: object): object =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        // The rows arrive late: others may run their queries meanwhile.
        if (prop === 'then') {
          return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) =>
            value.call(
              target,
              (rows: unknown) => new Promise((r) => setTimeout(r, ms)).then(() => resolve(rows)),
              reject,
            );
        }
        return (...args: unknown[]) => {
          const result = value.apply(target, args);
          return result && typeof result === 'object' ? slow(result) : result;
        };
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (prop === 'select') return (...args: unknown[]) => slow(value.apply(target, args));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('upload service under parallel uploads', () => {
  let dir = '';
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blog-uploads-'));
    db = await openDb(`file:${join(dir, 'blog.db')}`);
    await migrateDb(db);
  });
  afterAll(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function userWith(name: string, past: number[]) {
    const [{ id }] = await db
      .insert(users)
      .values({ username: name, passwordHash: 'x', nickName: name })
      .returning({ id: users.id });
    const at = new Date(Date.now() - HOUR);
    for (const [i, bytes] of past.entries())
      await db.insert(uploads).values({ path: `/uploads/${name}${i}.png`, userId: id, bytes, createdAt: at });
    return id;
  }
  const outcomes = (results: PromiseSettledResult<string>[]) =>
    results
      .map((r) => (r.status === 'fulfilled' ? 'saved' : r.reason instanceof RetryLater ? 'refused' : String(r.reason)))
      .sort();

  it('lets exactly one of ten parallel uploads take the last file of the day', async () => {
    const id = await userWith('lastfile', Array(49).fill(1000));
    const service = createUploadService(withSlowReads(db), { dir: join(dir, 'files') });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => service.save({ userId: id, address: '' }, makePng())),
    );
    expect(outcomes(results)).toEqual([...Array(9).fill('refused'), 'saved']);
    expect(readdirSync(join(dir, 'files'))).toHaveLength(1);
  });

  it('lets exactly one of ten parallel uploads take the last bytes of the day', async () => {
    const size = makePng().length;
    const id = await userWith('lastbytes', [DAILY_UPLOAD_QUOTA.maxBytes - Math.floor(1.5 * size)]);
    const service = createUploadService(withSlowReads(db), { dir: join(dir, 'bytes') });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => service.save({ userId: id, address: '' }, makePng())),
    );
    expect(outcomes(results)).toEqual([...Array(9).fill('refused'), 'saved']);
    expect(readdirSync(join(dir, 'bytes'))).toHaveLength(1);
  });

  it('lets exactly one of ten accounts at one address take the address’s last file of the day', async () => {
    const place = '203.0.113.9';
    const first = await userWith('sameplace0', []);
    const at = new Date(Date.now() - HOUR);
    for (let i = 0; i < 49; i++)
      await db
        .insert(uploads)
        .values({ path: `/uploads/sameplace-${i}.png`, userId: first, address: place, bytes: 1000, createdAt: at });
    const accounts = [
      first,
      ...(await Promise.all(Array.from({ length: 9 }, (_, i) => userWith(`sameplace${i + 1}`, [])))),
    ];
    const service = createUploadService(withSlowReads(db), { dir: join(dir, 'place') });
    const results = await Promise.allSettled(
      accounts.map((userId) => service.save({ userId, address: place }, makePng())),
    );
    expect(outcomes(results)).toEqual([...Array(9).fill('refused'), 'saved']);
    expect(readdirSync(join(dir, 'place'))).toHaveLength(1);
  });
});

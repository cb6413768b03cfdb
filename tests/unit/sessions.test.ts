import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDb, openDb, type Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { createSessionStore, sessionPolicyFromEnv, slidExpiry, type SessionPolicy } from '../../src/server/users/sessions';

const DAY = 24 * 3600_000;
const policy: SessionPolicy = { ttlMs: 7 * DAY, maxAgeMs: 30 * DAY, slideEveryMs: 600_000 };

describe('session lifetimes', () => {
  it('slides a full idle lifetime ahead but never past 30 days from the login', () => {
    expect(slidExpiry(0, DAY, policy)).toBe(8 * DAY);
    expect(slidExpiry(0, 25 * DAY, policy)).toBe(30 * DAY);
  });

  it('reads SESSION_TTL_DAYS and SESSION_MAX_DAYS, keeping the idle lifetime within the absolute one', () => {
    expect(sessionPolicyFromEnv({})).toMatchObject({ ttlMs: 7 * DAY, maxAgeMs: 30 * DAY });
    expect(sessionPolicyFromEnv({ SESSION_TTL_DAYS: '14', SESSION_MAX_DAYS: '10' })).toMatchObject({ ttlMs: 10 * DAY, maxAgeMs: 10 * DAY });
    expect(sessionPolicyFromEnv({ SESSION_TTL_DAYS: 'x', SESSION_MAX_DAYS: '-1' })).toMatchObject({ ttlMs: 7 * DAY, maxAgeMs: 30 * DAY });
  });
});

describe('session store', () => {
  let dir = '';
  let db: Db;
  let userId = 0;
  let clock = Date.UTC(2026, 0, 1);
  const store = () => createSessionStore(db, policy, () => clock);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blog-sessions-'));
    db = await openDb(`file:${join(dir, 'blog.db')}`);
    await migrateDb(db);
    [{ id: userId }] = await db.insert(users).values({ username: 'daily', passwordHash: 'x', nickName: '天天来' }).returning({ id: users.id });
  });
  afterAll(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends a session used every day at 30 days from the login, and the purge removes it', async () => {
    const start = clock;
    const token = await store().create(userId);
    for (let day = 1; day < 30; day++) {
      clock = start + day * DAY;
      const found = await store().lookup(token);
      expect(found?.user.username).toBe('daily');
      // Each day pushes the expiry a day ahead until it reaches the absolute end (day 23), then no more.
      if (day <= 23) expect(+found!.renewedUntil!).toBe(clock + 7 * DAY);
      else expect(found!.renewedUntil).toBeUndefined();
    }
    clock = start + 30 * DAY;
    expect(await store().lookup(token)).toBeNull();

    await store().purgeExpired();
    const raw = createClient({ url: `file:${join(dir, 'blog.db')}` });
    const { rows } = await raw.execute('SELECT count(*) AS n FROM sessions');
    raw.close();
    expect(rows[0].n).toBe(0);
  });

  it('ends an unused session after the idle lifetime', async () => {
    const start = clock;
    const token = await store().create(userId);
    clock = start + 7 * DAY - 1000;
    expect(await store().lookup(token)).not.toBeNull();
    clock += 7 * DAY;
    expect(await store().lookup(token)).toBeNull();
  });
});

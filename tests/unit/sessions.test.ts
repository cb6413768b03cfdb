import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCookies } from '../../src/server/api/cookies';
import { apiErrors, jsonBody, timeout } from '../../src/server/api/middleware';
import { userRoutes } from '../../src/server/api/routes/users';
import { migrateDb, openDb, type Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { scryptQueue } from '../../src/server/users/password';
import { createUserService, type UserService } from '../../src/server/users/service';
import { createAccountRecovery } from '../../src/server/users/recovery';
import { createMailer } from '../../src/server/mail/mailer';
import {
  createSessionStore,
  sessionPolicyFromEnv,
  slidExpiry,
  type SessionPolicy,
} from '../../src/server/users/sessions';
import { QueueFull } from '../../src/server/users/workQueue';

const DAY = 24 * 3600_000;
const policy: SessionPolicy = { ttlMs: 7 * DAY, maxAgeMs: 30 * DAY, slideEveryMs: 600_000 };

describe('session lifetimes', () => {
  it('slides a full idle lifetime ahead but never past 30 days from the login', () => {
    expect(slidExpiry(0, DAY, policy)).toBe(8 * DAY);
    expect(slidExpiry(0, 25 * DAY, policy)).toBe(30 * DAY);
  });

  it('reads SESSION_TTL_DAYS and SESSION_MAX_DAYS, keeping the idle lifetime within the absolute one', () => {
    expect(sessionPolicyFromEnv({})).toMatchObject({ ttlMs: 7 * DAY, maxAgeMs: 30 * DAY });
    expect(sessionPolicyFromEnv({ SESSION_TTL_DAYS: '14', SESSION_MAX_DAYS: '10' })).toMatchObject({
      ttlMs: 10 * DAY,
      maxAgeMs: 10 * DAY,
    });
    expect(sessionPolicyFromEnv({ SESSION_TTL_DAYS: 'x', SESSION_MAX_DAYS: '-1' })).toMatchObject({
      ttlMs: 7 * DAY,
      maxAgeMs: 30 * DAY,
    });
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
    [{ id: userId }] = await db
      .insert(users)
      .values({ username: 'daily', passwordHash: 'x', nickName: '天天来' })
      .returning({ id: users.id });
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

describe('logins under pressure', () => {
  let dir = '';
  let db: Db;
  let service: UserService;
  const sessionCount = async () => Number((await db.$client.execute('SELECT count(*) AS n FROM sessions')).rows[0].n);
  /** Checks until `ready` holds, for at most two seconds. */
  async function until(ready: () => boolean | Promise<boolean>): Promise<boolean> {
    for (const end = Date.now() + 2000; Date.now() < end; await new Promise((r) => setTimeout(r, 10)))
      if (await ready()) return true;
    return ready();
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blog-logins-'));
    db = await openDb(`file:${join(dir, 'blog.db')}`);
    await migrateDb(db);
    service = createUserService(db);
    await service.register({ username: 'lateone', password: 'password123' });
    await service.register({ username: 'queued', password: 'password123' });
  });
  afterAll(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('revokes the session of a login that finishes after its 408 went out, and sets no cookie', async () => {
    let finishLogin!: () => void;
    const held = new Promise<void>((resolve) => (finishLogin = resolve));
    let loggedIn: ReturnType<UserService['login']> | undefined;
    // The password check takes longer than the API's time limit.
    const slow: UserService = {
      ...service,
      login: (input, origin) => (loggedIn = held.then(() => service.login(input, origin))),
    };
    const app = express();
    app.use(timeout(50), jsonBody());
    app.use(
      '/user',
      userRoutes(
        slow,
        createAccountRecovery(db, {
          sessions: service.sessions,
          mailer: createMailer(null),
          siteUrl: 'http://localhost',
        }),
        createCookies({ httpsSite: false }),
      ),
    );
    app.use(apiErrors());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'lateone', password: 'password123' }),
      });
      expect(res.status).toBe(408);
      expect(res.headers.getSetCookie()).toEqual([]);

      finishLogin();
      await loggedIn;
      // The login made its session; the route, finding the answer gone, takes it back.
      expect(await until(async () => (await sessionCount()) === 0)).toBe(true);
    } finally {
      server.close();
    }
  });

  it('lets a login from a known place through a full password queue, ahead of the waiting ones', async () => {
    const account = { username: 'queued', password: 'password123' };
    const home = { ip: '10.9.0.1' };
    await service.login(account, home);

    const gates = Array.from({ length: 2 + 64 }, () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, done: scryptQueue.run(() => opened) };
    });
    try {
      expect([scryptQueue.running, scryptQueue.waiting]).toEqual([2, 64]);
      await expect(service.login(account, { ip: '10.9.0.2' })).rejects.toBeInstanceOf(QueueFull);

      const fromHome = service.login(account, home);
      expect(await until(() => scryptQueue.waiting === 65)).toBe(true);
      // Only the two running tasks end; the 64 that waited before it still wait.
      gates[0].open();
      gates[1].open();
      expect((await fromHome).result.username).toBe('queued');
      expect(scryptQueue.waiting).toBeGreaterThanOrEqual(62);
    } finally {
      for (const gate of gates) gate.open();
      await Promise.all(gates.map((gate) => gate.done));
    }
  });
});

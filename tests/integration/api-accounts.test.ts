import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiAnswer, type ApiClient } from './api';
import { startServer } from './serve';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.stop());

let ipCounter = 0;
const freshIp = () => `10.30.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function register(client: ApiClient, username: string, password = 'password123') {
  const res = await client.call('POST', '/user/register', { body: { username, password }, ip: freshIp() });
  expect(res.status).toBe(200);
}
const login = (username: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  api.call('POST', '/user/login', { body: { username, password }, ip, headers });

const cookieNamed = (answer: ApiAnswer, name: string) =>
  answer.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
const cookieValue = (cookie: string | undefined) => cookie?.split(';')[0].split('=')[1] ?? '';
const deviceOf = (answer: ApiAnswer) => cookieValue(cookieNamed(answer, 'blog_device'));
const withDevice = (device: string) => ({ Cookie: `blog_device=${device}` });

/** How many places the user is known to have logged in from. */
/** A user's reset links that could still set a password: one is made for the owner by hand here, as a mailed one would be. */
async function openResetLinks(client: ApiClient, username: string, make = false): Promise<number> {
  if (make) {
    await client.sql(
      "INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES (?, (SELECT id FROM users WHERE username = ?), 'reset', ?)",
      [`reset-${username}`, username, new Date(Date.now() + 1800_000)],
    );
  }
  const rows = await client.sql(
    "SELECT count(*) AS n FROM account_tokens WHERE user_id = (SELECT id FROM users WHERE username = ?) AND purpose = 'reset' AND used_at IS NULL",
    [username],
  );
  return Number(rows[0].n);
}

async function knownPlaces(client: ApiClient, username: string): Promise<number> {
  const rows = await client.sql(
    'SELECT count(*) AS n FROM known_logins WHERE user_id = (SELECT id FROM users WHERE username = ?)',
    [username],
  );
  return Number(rows[0].n);
}

/** Ten wrong passwords for the username, each from an address of its own: an attack spread out. */
async function spreadAttack(username: string) {
  for (let i = 0; i < 10; i++) expect((await login(username, 'guess-guess', freshIp())).status).toBe(400);
}

describe('login limits that cannot be turned against the owner', () => {
  it('the owner gets in from an address used before while attackers on A and many others are held back', async () => {
    await register(api, 'ownerone', 'ownerpassword1');
    const home = '10.31.0.2';
    expect((await login('ownerone', 'ownerpassword1', home)).status).toBe(200);

    const attacker = '10.31.0.1';
    for (let i = 0; i < 10; i++) expect((await login('ownerone', `guess-${i}-guess`, attacker)).status).toBe(400);
    const onA = await login('ownerone', 'guess-again', attacker);
    expect(onA.status).toBe(429);
    expect(onA.body.message).toMatch(/^此网络登录失败次数过多，请 \d+ 分钟后再试$/);

    const elsewhere = await Promise.all(Array.from({ length: 12 }, () => login('ownerone', 'guess-guess', freshIp())));
    for (const answer of elsewhere) {
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.body.message).toMatch(/该用户名近期登录失败次数过多/);
    }
    // Even the right password is held back on an address the account has never used.
    expect((await login('ownerone', 'ownerpassword1', freshIp())).status).toBe(429);

    const owner = await login('ownerone', 'ownerpassword1', home);
    expect(owner.status).toBe(200);
    expect(owner.body.result.username).toBe('ownerone');
    // A typo at home is a plain wrong password, not a lockout.
    expect((await login('ownerone', 'typo-typo', home)).status).toBe(400);
  });

  it('a device cookie from an earlier login lets the owner in from an address never seen', async () => {
    await register(api, 'ownertwo', 'ownerpassword2');
    const first = await login('ownertwo', 'ownerpassword2', freshIp());
    const device = cookieNamed(first, 'blog_device');
    expect(device).toMatch(/^blog_device=[A-Za-z0-9_-]{43};/);
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Lax/i);
    expect(device).toMatch(/Path=\//);
    expect(device).toMatch(/Max-Age=31536000/);
    expect(device).not.toMatch(/Secure/i);

    await spreadAttack('ownertwo');
    const fromTrain = await login('ownertwo', 'ownerpassword2', freshIp(), withDevice(cookieValue(device)));
    expect(fromTrain.status).toBe(200);
    // Each login hands the browser a new value, which is known from then on.
    const next = deviceOf(fromTrain);
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(cookieValue(device));
    expect((await login('ownertwo', 'ownerpassword2', freshIp(), withDevice(next))).status).toBe(200);
    expect((await login('ownertwo', 'ownerpassword2', freshIp())).status).toBe(429);
    expect((await login('ownertwo', 'ownerpassword2', freshIp(), { Cookie: 'blog_device=made-up-value' })).status).toBe(
      429,
    );
  });

  it('never adopts a device cookie planted before the login', async () => {
    await register(api, 'ownerfour', 'ownerpassword4');
    // Well formed, chosen by an attacker (set from a sibling subdomain or a plain-HTTP answer).
    const planted = randomBytes(32).toString('base64url');
    const owner = await login('ownerfour', 'ownerpassword4', freshIp(), withDevice(planted));
    expect(owner.status).toBe(200);
    const issued = deviceOf(owner);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued).not.toBe(planted);

    await spreadAttack('ownerfour');
    // The attacker, on an address of its own with the planted value, is still throttled...
    const attacker = await login('ownerfour', 'guess-guess', freshIp(), withDevice(planted));
    expect(attacker.status).toBe(429);
    expect(attacker.body.message).toMatch(/该用户名近期登录失败次数过多/);
    // ...while the browser holding the value the server issued is let in.
    expect((await login('ownerfour', 'ownerpassword4', freshIp(), withDevice(issued))).status).toBe(200);
  });

  it('a stranger on the owner’s shared carrier address cannot lock out the owner’s device', async () => {
    await register(api, 'ownernat', 'ownerpassword4');
    const shared = '10.31.9.9';
    const device = deviceOf(await login('ownernat', 'ownerpassword4', shared));
    // Someone else behind the same address guesses at other accounts until the address is locked.
    for (let i = 0; i < 10; i++) await login(`victim${i}x`, 'guess-guess', shared);
    expect((await login('ownernat', 'ownerpassword4', shared)).status).toBe(429);
    // The owner's device gets in all the same; the address alone does not.
    const mine = await login('ownernat', 'ownerpassword4', shared, withDevice(device));
    expect(mine.status).toBe(200);
    expect((await login('ownernat', 'ownerpassword4', shared, { Cookie: 'blog_device=made-up-value' })).status).toBe(
      429,
    );
  });

  it("a device known to one account does not help against another's", async () => {
    await register(api, 'ownerthree', 'ownerpassword3');
    await register(api, 'neighbour', 'neighbourpass1');
    const device = cookieValue(cookieNamed(await login('neighbour', 'neighbourpass1', freshIp()), 'blog_device'));
    await spreadAttack('ownerthree');
    expect((await login('ownerthree', 'ownerpassword3', freshIp(), { Cookie: `blog_device=${device}` })).status).toBe(
      429,
    );
  });

  it('answers the same for a username that does not exist, so refusals do not reveal accounts', async () => {
    await register(api, 'realname', 'realpassword1');
    await spreadAttack('realname');
    await spreadAttack('ghostname');
    const real = await login('realname', 'whatever-guess', freshIp());
    const ghost = await login('ghostname', 'whatever-guess', freshIp());
    expect(real.status).toBe(429);
    expect(ghost.status).toBe(429);
    // Only the wait may differ, as the two attacks ran one after the other.
    const shape = (answer: ApiAnswer) => ({
      ...answer.body,
      message: answer.body.message.replace(/\d+ (秒|分钟)/, 'N'),
    });
    expect(shape(ghost)).toEqual(shape(real));
  });
});

describe('password changes', () => {
  it('30 parallel wrong changes are queued and limited, and the server keeps answering meanwhile', async () => {
    await register(api, 'changeme', 'oldpassword1');
    const ip = '10.32.0.1';
    const { token } = (await login('changeme', 'oldpassword1', ip)).body.result;
    const change = (password: string) =>
      api.call('PUT', '/user/updatePassword', {
        ip,
        headers: bearer(token),
        body: { password, password1: 'newpassword1', password2: 'newpassword1' },
      });

    const [changes, others] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, (_, i) => change(`wrong-old-${i}`))),
      Promise.all(Array.from({ length: 5 }, () => api.call('GET', '/user/getUserInfo', { headers: bearer(token) }))),
    ]);
    expect(others.map((o) => o.status)).toEqual([200, 200, 200, 200, 200]);
    const statuses = changes.map((c) => c.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    for (const refused of changes.filter((c) => c.status === 429)) {
      expect(refused.body.message).toMatch(/^原密码错误次数过多，请 \d+ 分钟后再试$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Now locked for this user, even with the right old password.
    expect((await change('oldpassword1')).status).toBe(429);
    expect((await login('changeme', 'newpassword1', ip)).status).toBe(400);
  });

  it('forgets the places that logged in with the old password, but not the one the change came from', async () => {
    await register(api, 'changer', 'changerpass1');
    // Someone who knew the old password logged in from here.
    const before = freshIp();
    const beforeDevice = deviceOf(await login('changer', 'changerpass1', before));
    const here = freshIp();
    const session = await login('changer', 'changerpass1', here);
    const hereDevice = deviceOf(session);
    const changed = await api.call('PUT', '/user/updatePassword', {
      ip: here,
      headers: { ...bearer(session.body.result.token), ...withDevice(hereDevice) },
      body: { password: 'changerpass1', password1: 'changerpass2', password2: 'changerpass2' },
    });
    expect(changed.status).toBe(200);
    expect(await knownPlaces(api, 'changer')).toBe(2);

    await spreadAttack('changer');
    // The old places are strangers now, even with the new password.
    expect((await login('changer', 'changerpass2', before)).status).toBe(429);
    expect((await login('changer', 'changerpass2', freshIp(), withDevice(beforeDevice))).status).toBe(429);
    // The address and the browser the change came from are still known.
    expect((await login('changer', 'changerpass2', here)).status).toBe(200);
    expect((await login('changer', 'changerpass2', freshIp(), withDevice(hereDevice))).status).toBe(200);
  });
});

describe('sessions', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const at = (seconds: number) => new Date(seconds * 1000);

  it('end 30 days after the login however busy they are', async () => {
    await register(api, 'busyreader');
    const { token } = (await login('busyreader', 'password123', freshIp())).body.result;
    const day = 24 * 3600;
    const started = now() - 30 * day + 3600;
    await api.sql(
      'UPDATE sessions SET created_at = ?, expires_at = ? WHERE user_id = (SELECT id FROM users WHERE username = ?)',
      [at(started), at(now() + 60), 'busyreader'],
    );

    const me = await api.call('GET', '/user/getUserInfo', { headers: { Cookie: `blog_session=${token}` } });
    expect(me.status).toBe(200);
    const rows = await api.sql(
      'SELECT expires_at FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = ?)',
      ['busyreader'],
    );
    // Slid forward, but only to the absolute end, and the cookie follows.
    expect(Number(rows[0].expires_at)).toBe(started + 30 * day);
    expect(Number(/Max-Age=(\d+)/.exec(cookieNamed(me, 'blog_session') ?? '')?.[1])).toBeLessThanOrEqual(3600);

    await api.sql('UPDATE sessions SET created_at = ? WHERE user_id = (SELECT id FROM users WHERE username = ?)', [
      at(now() - 30 * day - 1),
      'busyreader',
    ]);
    expect((await api.call('GET', '/user/getUserInfo', { headers: bearer(token) })).status).toBe(401);
  });
});

// These start servers of their own, each migrating a database and hashing passwords: slow on a busy machine.
describe('the admin from ADMIN_USERNAME', { timeout: 90_000 }, () => {
  it('is created at start, is never a silent promotion, and a new password there ends its sessions', async () => {
    const admin = await startApi({ ADMIN_USERNAME: 'siteowner', ADMIN_PASSWORD: 'ownerpassword1' });
    const env = {
      DATABASE_URL: admin.databaseUrl,
      UPLOAD_DIR: join(admin.dir, 'uploads'),
      TRUST_PROXY: 'loopback',
    };
    const adminLogin = (password: string, url = admin.server.url) =>
      fetch(`${url}/api/user/login`, {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'siteowner', password }),
      }).then((r) => r.json());
    try {
      const first = await adminLogin('ownerpassword1');
      expect(first.result.role).toBe(1);
      expect(await knownPlaces(admin, 'siteowner')).toBe(2);
      await register(admin, 'plainuser', 'plainpassword1');
      await admin.server.stop();

      // Same password again: nothing changes, the admin stays logged in.
      admin.server = await startServer({ ...env, ADMIN_USERNAME: 'siteowner', ADMIN_PASSWORD: 'ownerpassword1' });
      expect((await admin.call('GET', '/user/getUserInfo', { headers: bearer(first.result.token) })).status).toBe(200);
      await admin.server.stop();

      // An existing reader is not promoted, and their password is left alone.
      admin.server = await startServer({ ...env, ADMIN_USERNAME: 'plainuser', ADMIN_PASSWORD: 'takenover1' });
      expect(admin.server.output()).toContain('用户 plainuser 已存在但不是管理员');
      expect(admin.server.output()).toContain('npm run admin:create -- plainuser');
      const plain = await admin.call('POST', '/user/login', {
        body: { username: 'plainuser', password: 'plainpassword1' },
        ip: freshIp(),
      });
      expect(plain.body.result.role).toBe(2);
      await admin.server.stop();

      // A new ADMIN_PASSWORD replaces the old one and ends the sessions made with it, and any reset link still open.
      expect(await openResetLinks(admin, 'siteowner', true)).toBe(1);
      admin.server = await startServer({ ...env, ADMIN_USERNAME: 'siteowner', ADMIN_PASSWORD: 'ownerpassword2' });
      expect(admin.server.output()).toContain('已按 ADMIN_PASSWORD 重设管理员 siteowner 的密码');
      expect((await admin.call('GET', '/user/getUserInfo', { headers: bearer(first.result.token) })).status).toBe(401);
      // The places that logged in with the old password no longer skip the username limit.
      expect(await knownPlaces(admin, 'siteowner')).toBe(0);
      expect(await openResetLinks(admin, 'siteowner')).toBe(0);
      expect((await adminLogin('ownerpassword2')).result.role).toBe(1);

      // admin:create promotes, and a password given there ends the user's sessions too.
      const { token } = plain.body.result;
      expect(await knownPlaces(admin, 'plainuser')).toBeGreaterThan(0);
      const output = execFileSync(process.execPath, ['scripts/admin-create.ts', 'plainuser'], {
        env: { ...process.env, ...env },
        input: 'plainpassword2\n',
        encoding: 'utf8',
      });
      expect(output).toContain('已将 plainuser 设为管理员，并重设了密码');
      expect((await admin.call('GET', '/user/getUserInfo', { headers: bearer(token) })).status).toBe(401);
      expect(await knownPlaces(admin, 'plainuser')).toBe(0);
    } finally {
      await admin.stop();
    }
  });
});

describe('an https site', { timeout: 90_000 }, () => {
  it('sends the session and device cookies Secure even over a plain connection', async () => {
    const https = await startApi({ SITE_URL: 'https://blog.example' });
    try {
      await register(https, 'secureone');
      const res = await https.call('POST', '/user/login', {
        body: { username: 'secureone', password: 'password123', cookie: true },
        ip: freshIp(),
      });
      expect(res.status).toBe(200);
      expect(cookieNamed(res, 'blog_session')).toMatch(/;\s*Secure/i);
      expect(cookieNamed(res, 'blog_device')).toMatch(/;\s*Secure/i);
    } finally {
      await https.stop();
    }
  });
});

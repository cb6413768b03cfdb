import { describe, expect, it } from 'vitest';
import { trustProxySetting } from '../../src/server/http/app';
import { waitInWords } from '../../src/server/shared/errors';
import {
  createLockout,
  createLoginGuard,
  createUsernameThrottle,
  loginLimits,
  type LoginAttempt,
} from '../../src/server/users/loginGuard';
import { hashPassword, verifyPassword } from '../../src/server/users/password';
import { addressKey, devicePlace, newDeviceToken } from '../../src/server/users/places';
import { createWorkQueue, QueueFull } from '../../src/server/users/workQueue';

const MINUTE = 60_000;
const limits = loginLimits(15 * MINUTE);

describe('address lockout', () => {
  it('locks after the tenth failure until the window since the first has passed', () => {
    const lockout = createLockout(limits);
    for (let i = 0; i < 9; i++) lockout.count(['ip:1.2.3.4'], 1000 + i);
    expect(lockout.wait(['ip:1.2.3.4'], 2000)).toBe(0);
    lockout.count(['ip:1.2.3.4'], 2000);
    expect(lockout.wait(['ip:1.2.3.4'], 2000)).toBe(1000 + 15 * MINUTE - 2000);
    expect(lockout.wait(['ip:9.9.9.9'], 2000)).toBe(0);
    expect(lockout.wait(['ip:1.2.3.4'], 1000 + 15 * MINUTE)).toBe(0);
  });

  it('forgive takes back one counted attempt only', () => {
    const lockout = createLockout({ maxFailures: 2, windowMs: MINUTE });
    lockout.count(['a'], 0);
    lockout.count(['a'], 0);
    expect(lockout.wait(['a'], 0)).toBeGreaterThan(0);
    lockout.forgive(['a']);
    expect(lockout.wait(['a'], 0)).toBe(0);
  });
});

const from = (address: string, known = false, username = 'owner'): LoginAttempt => ({ address, username, known });

describe('login guard', () => {
  /** Ten failures from ten addresses, a second apart: the username is now under attack. */
  function underAttack() {
    const guard = createLoginGuard(limits);
    for (let i = 0; i < 10; i++) expect(guard.admit(from(`ip:10.0.0.${i}`), i * 1000)).toEqual({ ok: true });
    return guard;
  }

  it('lets a known place in while the username is under attack from many addresses', () => {
    const guard = underAttack();
    expect(guard.admit(from('ip:192.168.1.1', true), 10_000)).toEqual({ ok: true });
    // Known places are never held back by the username rule, however often they try.
    for (let i = 0; i < 5; i++) expect(guard.admit(from('device:abc', true), 10_000 + i).ok).toBe(true);
  });

  it('lets unknown places share one slot whose pause doubles, up to the window', () => {
    const guard = underAttack();
    // The tenth failure (at 9 s) opened a pause of one minute for every unknown place.
    expect(guard.admit(from('ip:10.0.1.1'), 10_000)).toEqual({ ok: false, retryAfterMs: 59_000, rule: 'username' });
    expect(guard.admit(from('ip:10.0.1.2'), 9_000 + MINUTE)).toEqual({ ok: true });
    let at = 9_000 + MINUTE;
    const pauses = [];
    for (let i = 0; i < 6; i++) {
      const refused = guard.admit(from(`ip:10.0.2.${i}`), at);
      if (refused.ok) throw new Error('expected a pause');
      pauses.push(refused.retryAfterMs / MINUTE);
      at += refused.retryAfterMs;
      expect(guard.admit(from(`ip:10.0.3.${i}`), at).ok).toBe(true);
    }
    expect(pauses).toEqual([2, 4, 8, 15, 15, 15]);
  });

  it('treats every username alike, so a refusal does not tell whether it exists', () => {
    const guard = createLoginGuard(limits);
    for (let i = 0; i < 10; i++) guard.admit(from(`ip:10.0.0.${i}`, false, 'nobody-has-this-name'), 0);
    expect(guard.admit(from('ip:10.0.9.9', false, 'nobody-has-this-name'), 1)).toMatchObject({
      ok: false,
      rule: 'username',
    });
    expect(guard.admit(from('ip:10.0.9.9', false, 'someone-else'), 1).ok).toBe(true);
  });

  it('forgets a username after a quiet spell of one window', () => {
    const guard = underAttack();
    expect(guard.admit(from('ip:10.0.1.1'), 9_000 + MINUTE).ok).toBe(true);
    // The slot reopened 2 minutes later; 15 quiet minutes after that, the count starts over.
    const reopened = 9_000 + 3 * MINUTE;
    expect(guard.admit(from('ip:10.0.1.2'), reopened + 15 * MINUTE - 1).ok).toBe(true);
    expect(guard.admit(from('ip:10.0.1.3'), reopened + 15 * MINUTE)).toMatchObject({ ok: false, rule: 'username' });
    const fresh = reopened + 15 * MINUTE + 4 * MINUTE + 15 * MINUTE;
    for (let i = 0; i < 9; i++) expect(guard.admit(from(`ip:10.0.4.${i}`), fresh + i).ok).toBe(true);
  });

  it('keeps the per-address lockout for everyone behind the address, a known address included', () => {
    const guard = createLoginGuard(limits);
    for (let i = 0; i < 10; i++) guard.admit(from('ip:10.0.0.1', false, `victim${i}`), 0);
    expect(guard.admit(from('ip:10.0.0.1', true), 1)).toEqual({
      ok: false,
      retryAfterMs: 15 * MINUTE - 1,
      rule: 'address',
    });
    expect(guard.admit(from('ip:10.0.0.2', false), 1).ok).toBe(true);
  });

  it('lets a device the account logged in with through a locked shared address', () => {
    const guard = createLoginGuard(limits);
    // A stranger on the owner's carrier address spends its failures.
    for (let i = 0; i < 10; i++) guard.admit(from('ip:10.0.0.1', false, 'owner'), i);
    expect(guard.admit(from('ip:10.0.0.1', true), 20)).toMatchObject({ ok: false, rule: 'address' });
    expect(guard.admit({ ...from('ip:10.0.0.1', true), knownDevice: true }, 20)).toEqual({ ok: true });
  });

  it('release takes back only the attempt: a login does not wipe the failures before it', () => {
    const guard = createLoginGuard(limits);
    for (let i = 0; i < 9; i++) guard.admit(from('ip:10.0.0.1', false, `victim${i}`), 0);
    const own = from('ip:10.0.0.1', true, 'mine');
    expect(guard.admit(own, 0).ok).toBe(true);
    guard.release(own);
    expect(guard.admit(from('ip:10.0.0.1', false, 'victim9'), 0).ok).toBe(true);
    expect(guard.admit(own, 0)).toMatchObject({ ok: false, rule: 'address' });
  });
});

describe('memory', () => {
  it('remembers at most maxEntries addresses and usernames under a flood of new ones', () => {
    const guard = createLoginGuard({ ...limits, maxEntries: 100 });
    for (let i = 0; i < 5000; i++) guard.admit(from(`ip:10.${i >> 8}.${i & 255}.1`, false, `made-up-${i}`), i);
    expect(guard.tracked()).toEqual({ addresses: 100, usernames: 100 });
  });

  it('forgets the least recently tried username first, so one under a steady attack stays throttled', () => {
    const throttle = createUsernameThrottle({ ...limits, maxEntries: 100 });
    for (let i = 0; i < 10; i++) throttle.count('owner', false, i);
    for (let i = 0; i < 1000; i++) {
      throttle.count(`made-up-${i}`, false, 10 + i);
      if (i % 50 === 0) throttle.count('owner', false, 10 + i);
    }
    expect(throttle.size).toBe(100);
    expect(throttle.wait('owner', false, 1010)).toBeGreaterThan(0);
  });

  it('drops stale entries as new attempts come, without a flood', () => {
    const lockout = createLockout({ ...limits, maxEntries: 1000 });
    const throttle = createUsernameThrottle({ ...limits, maxEntries: 1000 });
    for (let i = 0; i < 50; i++) {
      lockout.count([`ip:10.0.0.${i}`], i);
      throttle.count(`reader${i}`, false, i);
    }
    expect([lockout.size, throttle.size]).toEqual([50, 50]);
    lockout.count(['ip:10.0.1.1'], 15 * MINUTE + 100);
    throttle.count('late', false, 15 * MINUTE + 100);
    expect([lockout.size, throttle.size]).toEqual([1, 1]);
  });

  it('keeps each attempt cheap beyond the cap', () => {
    const guard = createLoginGuard(limits);
    const started = performance.now();
    for (let i = 0; i < 102_000; i++) guard.admit(from(`ip:${i}`, false, `made-up-${i}`), 0);
    expect(guard.tracked()).toEqual({ addresses: 100_000, usernames: 100_000 });
    // Linear, not a scan of every entry on every attempt (which takes minutes here).
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 60_000);
});

describe('places', () => {
  it('counts IPv4 by address and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8:0:1::9')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0DB8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('counts an IPv4 address carried inside IPv6 as that IPv4 address', () => {
    // Mapped, in dotted and in hex form, and the translated form of RFC 2765.
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('::ffff:0:203.0.113.7')).toBe('203.0.113.7');
    // NAT64 with the well-known prefix: each IPv4 client is a place of its own, not one shared /64.
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('64:ff9b::c000:202')).toBe('192.0.2.2');
    expect(addressKey('64:ff9b::192.0.2.1')).not.toBe(addressKey('64:ff9b::192.0.2.2'));
    // IPv4-compatible, 6to4 and Teredo (whose client address is stored inverted).
    expect(addressKey('::198.51.100.9')).toBe('198.51.100.9');
    expect(addressKey('2002:c633:6409::1')).toBe('198.51.100.9');
    expect(addressKey('2002:c633:6409:7::abcd')).toBe('198.51.100.9');
    expect(addressKey('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe('192.0.2.45');
    expect(addressKey('2001:0:4136:e378:8000:63bf:3fff:fdd3')).toBe('192.0.2.44');
    // Loopback and the unspecified address stay IPv6.
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::')).toBe('0:0:0:0::/64');
  });

  it('hashes a well-formed device token and ignores anything else', () => {
    const token = newDeviceToken();
    expect(devicePlace(token)).toMatch(/^device:[a-f0-9]{64}$/);
    expect(devicePlace(token)).not.toContain(token);
    expect(devicePlace(newDeviceToken())).not.toBe(devicePlace(token));
    for (const bad of [null, undefined, '', 'short', `${token}x`, token.slice(1) + ';'])
      expect(devicePlace(bad)).toBeNull();
  });
});

describe('work queue', () => {
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  it('runs at most `concurrency` tasks at once, in order, and refuses beyond the queue', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxQueued: 2 });
    const gates = Array.from({ length: 4 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, i) => queue.run(async () => (started.push(i), await g.opened, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    await expect(queue.run(async () => 'too many')).rejects.toBeInstanceOf(QueueFull);

    gates[1].open();
    expect(await runs[1]).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('keeps a lane of its own for priority tasks: a full queue neither refuses nor delays them', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxQueued: 2, maxPriorityQueued: 1 });
    const gates = Array.from({ length: 3 }, gate);
    const started: string[] = [];
    const ordinary = gates.map((g, i) => queue.run(async () => (started.push(`o${i}`), await g.opened)));
    await Promise.resolve();
    expect([queue.running, queue.waiting]).toEqual([1, 2]);
    await expect(queue.run(async () => 'too many')).rejects.toBeInstanceOf(QueueFull);

    const priority = queue.run(async () => (started.push('p'), 'in'), { priority: true });
    // The priority lane has its own, small bound.
    await expect(queue.run(async () => 'too many', { priority: true })).rejects.toBeInstanceOf(QueueFull);
    expect(queue.waiting).toBe(3);

    // It goes next, ahead of the ordinary tasks that were waiting before it.
    gates[0].open();
    expect(await priority).toBe('in');
    expect(started.slice(0, 2)).toEqual(['o0', 'p']);
    for (const g of gates) g.open();
    await Promise.all(ordinary);
    expect(started).toEqual(['o0', 'p', 'o1', 'o2']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxQueued: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});

describe('waitInWords', () => {
  it('rounds up to seconds, minutes, hours or days', () => {
    expect(waitInWords(1)).toBe('1 秒');
    expect(waitInWords(59_000)).toBe('59 秒');
    expect(waitInWords(59_001)).toBe('1 分钟');
    expect(waitInWords(15 * MINUTE)).toBe('15 分钟');
    expect(waitInWords(61 * MINUTE)).toBe('2 小时');
    expect(waitInWords(48 * 60 * MINUTE)).toBe('48 小时');
    expect(waitInWords(48 * 60 * MINUTE + 1)).toBe('3 天');
    expect(waitInWords(30 * 24 * 60 * MINUTE)).toBe('30 天');
  });
});

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('正确的密码123');
    const b = await hashPassword('正确的密码123');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('正确的密码123', a)).toBe(true);
    expect(await verifyPassword('错误的密码123', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});

describe('trustProxySetting', () => {
  it('reads hop counts and lists, and never trusts every hop', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('true')).toBe(1);
    expect(trustProxySetting('2')).toBe(2);
    expect(trustProxySetting('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  });
});

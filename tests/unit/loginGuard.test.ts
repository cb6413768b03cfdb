import { describe, expect, it } from 'vitest';
import { createLoginGuard } from '../../src/server/users/loginGuard';
import { hashPassword, verifyPassword } from '../../src/server/users/password';

describe('login guard', () => {
  const keys = ['ip:1.2.3.4', 'user:alice'];

  it('locks after the tenth failure until the window has passed', () => {
    const guard = createLoginGuard({ maxFailures: 10, windowMs: 15 * 60_000 });
    for (let i = 0; i < 9; i++) guard.fail(keys, 1000 + i);
    expect(guard.retryAfter(keys, 2000)).toBe(0);
    guard.fail(keys, 2000);
    expect(guard.retryAfter(keys, 2000)).toBe(1000 + 15 * 60_000 - 2000);
    expect(guard.retryAfter(['user:alice'], 2000)).toBeGreaterThan(0);
    expect(guard.retryAfter(['ip:9.9.9.9', 'user:bob'], 2000)).toBe(0);
    expect(guard.retryAfter(keys, 1000 + 15 * 60_000)).toBe(0);
  });

  it('clears the count on success', () => {
    const guard = createLoginGuard({ maxFailures: 3, windowMs: 60_000 });
    guard.fail(keys, 0);
    guard.fail(keys, 0);
    guard.succeed(keys);
    guard.fail(keys, 0);
    guard.fail(keys, 0);
    expect(guard.retryAfter(keys, 0)).toBe(0);
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

import { trustProxySetting } from '../../src/server/http/app';

describe('forgive', () => {
  it('takes back one counted attempt only', () => {
    const guard = createLoginGuard({ maxFailures: 2, windowMs: 60_000 });
    guard.fail(['ip:a'], 0);
    guard.fail(['ip:a'], 0);
    expect(guard.retryAfter(['ip:a'], 0)).toBeGreaterThan(0);
    guard.forgive('ip:a');
    expect(guard.retryAfter(['ip:a'], 0)).toBe(0);
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

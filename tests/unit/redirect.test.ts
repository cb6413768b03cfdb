import { describe, expect, it } from 'vitest';
import { routeAfterLogin, sameSitePath } from '../../src/lib/browser/redirect';

describe('sameSitePath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(sameSitePath('/admin')).toBe('/admin');
    expect(sameSitePath('/admin/links?status=1')).toBe('/admin/links?status=1');
    expect(sameSitePath('/article/3#comments')).toBe('/article/3#comments');
    expect(sameSitePath('/')).toBe('/');
  });

  it('answers the path as the browser would resolve it', () => {
    expect(sameSitePath('/admin/../home')).toBe('/home');
  });

  it('refuses nothing, relative paths and other schemes', () => {
    expect(sameSitePath(null)).toBeNull();
    expect(sameSitePath(undefined)).toBeNull();
    expect(sameSitePath('')).toBeNull();
    expect(sameSitePath('admin')).toBeNull();
    expect(sameSitePath('https://evil.example/admin')).toBeNull();
    expect(sameSitePath('javascript:alert(1)')).toBeNull();
    expect(sameSitePath('data:text/html,hi')).toBeNull();
  });

  it('refuses every spelling of another host', () => {
    expect(sameSitePath('//evil.example')).toBeNull();
    expect(sameSitePath('///evil.example')).toBeNull();
    expect(sameSitePath('/\\evil.example')).toBeNull();
    expect(sameSitePath('/\t/evil.example')).toBeNull();
    expect(sameSitePath('/\n/evil.example')).toBeNull();
    expect(sameSitePath(' /admin')).toBeNull();
  });

  it('refuses a path that resolves to another host once its dots are taken out', () => {
    expect(sameSitePath('/..//evil.example/phish')).toBeNull();
    expect(sameSitePath('/a/../..//evil.example')).toBeNull();
    expect(sameSitePath('/./%2e%2e//evil.example')).toBeNull();
    expect(routeAfterLogin('?redirect=%2F..%2F%2Fevil.example%2Fphish', '/article/2')).toBe('/article/2');
    // Every answer, resolved against the site, stays on the site.
    for (const path of ['/..//x', '/.//x', '/a/..//x', '/..///x']) {
      const answer = sameSitePath(path);
      if (answer !== null) expect(new URL(answer, 'https://blog.example').host).toBe('blog.example');
    }
  });
});

describe('routeAfterLogin', () => {
  it('goes where the login link asks, before the remembered route', () => {
    expect(routeAfterLogin('?redirect=%2Fadmin%2Fusers', '/article/2')).toBe('/admin/users');
  });

  it('falls back to the remembered route, then home, for anything off the site or back to login', () => {
    expect(routeAfterLogin('?redirect=%2F%2Fevil.example', '/article/2')).toBe('/article/2');
    expect(routeAfterLogin('?redirect=%2Flogin', '/article/2')).toBe('/article/2');
    expect(routeAfterLogin('', '/message/list?tag=x')).toBe('/message/list?tag=x');
    expect(routeAfterLogin('', 'https://evil.example/')).toBe('/home');
    expect(routeAfterLogin('', '/register')).toBe('/home');
    expect(routeAfterLogin('', '//evil.example')).toBe('/home');
  });
});

/** Where the login page may send the reader afterwards when a link asks for it (`?redirect=`). */

/** A stand-in origin: a path that resolves away from it would leave the site. */
const HERE = 'http://same-site.invalid';

/**
 * The path `value` names if it is a page of this site: it starts with a single `/`, and no
 * backslash, control character or scheme can turn it into another host (browsers read `/\host`
 * and `/<tab>/host` as `//host`). Answers the path as resolved, or null.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || value[0] !== '/' || value[1] === '/') return null;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return null;
  }
  // `/..//evil.example` resolves to the path `//evil.example`, which a browser reads as another host.
  if (url.origin !== HERE || url.pathname.startsWith('//')) return null;
  return url.pathname + url.search + url.hash;
}

const AUTH_PAGES = /^\/(login|register)\/?$/;
const isAuthPage = (path: string) => AUTH_PAGES.test(path.split(/[?#]/)[0]);

/**
 * The route to go to after logging in: the page the login link asks for (`?redirect=` in
 * `search`, as the admin console's gate sends), else `remembered` (where the reader pressed
 * login), if it is a path of this site; else the home page. Never back to login or register.
 */
export function routeAfterLogin(search: string, remembered: string): string {
  const asked = sameSitePath(new URLSearchParams(search).get('redirect'));
  if (asked && !isAuthPage(asked)) return asked;
  const back = sameSitePath(remembered);
  return back && !isAuthPage(back) ? back : '/home';
}

import { decryptText } from '../../src/lib/browser/cipher.ts';
import { expect, test, watchContext } from './fixtures';
import { createAccount, islandsHydrated, loginThroughForm } from './helpers';

type Storage = Record<string, string>;

const readStorage = (kind: 'localStorage' | 'sessionStorage') =>
  `Object.fromEntries(Object.keys(${kind}).map((key) => [key, ${kind}.getItem(key)]))`;

/** Every value a script could take from storage that could go in a header: raw, decrypted and decoded. */
function candidateCredentials(...stores: Storage[]): string[] {
  const unwrap = (value: string): string[] => {
    const plain = decryptText(value);
    const decoded = plain === null ? null : decodeURIComponent(plain);
    let parsed: unknown = null;
    try {
      parsed = decoded === null ? null : JSON.parse(decoded);
    } catch {
      // Not JSON: the decoded text is the candidate.
    }
    const strings =
      typeof parsed === 'string'
        ? [parsed]
        : parsed && typeof parsed === 'object'
          ? Object.values(parsed).filter((v) => typeof v === 'string')
          : [];
    return [value, plain ?? '', decoded ?? '', ...strings];
  };
  const values = stores.flatMap((store) => Object.values(store)).flatMap(unwrap);
  return [...new Set(values)].filter((value) => /^[\x21-\x7e]+$/.test(value));
}

test('a copy of the browser storage, without the cookie, is not a login', async ({
  page,
  request,
  browser,
  problems,
  baseURL,
}) => {
  const { username, password, nickName } = await createAccount(request, '被复制的读者');
  await page.goto('/login');
  await loginThroughForm(page, username, password);
  await expect(page.getByTestId('user-menu')).toContainText(nickName);
  // Let the session and player settle what they keep in storage.
  await islandsHydrated(page);
  const local: Storage = await page.evaluate(readStorage('localStorage'));
  const session: Storage = await page.evaluate(readStorage('sessionStorage'));
  expect(Object.keys(local)).toContain('userInfo');
  expect(Object.keys(local)).toContain('userToken');

  const thief = await browser.newContext({ baseURL });
  await watchContext(thief, problems, new URL(baseURL!).origin);
  await thief.addInitScript(
    ([local, session]) => {
      if (location.origin === 'null' || sessionStorage.getItem('copied')) return;
      for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
      for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
      sessionStorage.setItem('copied', '1');
    },
    [local, session] as const,
  );
  const copy = await thief.newPage();
  const checked = copy.waitForResponse((res) => res.url().endsWith('/api/user/getUserInfo'));
  await copy.goto('/home');
  // The page's own check of the stored login is refused, and the copied login is dropped.
  expect((await checked).status()).toBe(401);
  await expect(copy.locator('#site-header').getByRole('link', { name: '登录' })).toBeVisible();
  await expect(copy.getByTestId('user-menu')).toHaveCount(0);

  // Nothing in the copied storage works as a token either, raw or as Bearer.
  const api = thief.request;
  for (const value of candidateCredentials(local, session)) {
    for (const header of [value, `Bearer ${value}`]) {
      const res = await api.get('/api/user/getUserInfo', { headers: { Authorization: header } });
      expect(res.status(), `存储里的值 ${value.slice(0, 24)}… 不应能登录`).toBe(401);
    }
  }
  await thief.close();

  // The original browser, which has the cookie, is still logged in.
  const own = await page.evaluate(async () => (await fetch('/api/user/getUserInfo')).status);
  expect(own).toBe(200);
});

test('what is typed into the login form before it hydrates is kept', async ({ page, request }) => {
  const { username, password, nickName } = await createAccount(request, '手快的读者');
  // A slow connection: the form's script arrives a second after the page.
  let release: () => void = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // The HTML arrives; the held scripts (which DOMContentLoaded would wait for) do not.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  release();
  await islandsHydrated(page);
  await expect(page.getByLabel('用户名')).toHaveValue(username);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('user-menu')).toContainText(nickName);
});

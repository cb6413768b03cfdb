import type { APIRequestContext, Page } from '@playwright/test';
import { LIVE_EVENT, WAKE_EVENT } from '../../src/lib/browser/interaction.ts';
import { workerIndex } from './fixtures.ts';

/**
 * Resolves once every island that hydrates by itself has: not those that wait to be scrolled into
 * view (`client:visible`) or reached for (`client:interaction`, which a test reaches for as a reader would).
 */
export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every(
      (el) => !el.hasAttribute('ssr') || ['visible', 'interaction'].includes(el.getAttribute('client')!),
    ),
  );
}

/**
 * Wakes every island still waiting for the reader (`client:interaction`), as the page does for a
 * logged-in reader's header, and resolves once each is live: hydrated, with its effects run.
 */
export async function wakeIslands(page: Page): Promise<void> {
  await page.evaluate(
    ({ wake, live }) =>
      Promise.all(
        [...document.querySelectorAll('astro-island[client="interaction"][ssr]')].map(
          (island) =>
            new Promise((resolve) => {
              island.addEventListener(live, resolve, { once: true });
              island.dispatchEvent(new Event(wake));
            }),
        ),
      ),
    { wake: WAKE_EVENT, live: LIVE_EVENT },
  );
}

/** A header menu link, by its visible text; a link inside a closed submenu is not found. */
export const menuLink = (page: Page, name: string) =>
  page.locator('#site-header nav.menu').getByRole('link', { name, exact: true });

/** The top item of a header menu group (a link, or a button for a group without a page), by its text. */
export const menuGroup = (page: Page, name: string) =>
  page.locator('#site-header nav.menu .group > .top').filter({ hasText: new RegExp(`^${name}$`) });

let accounts = 0;

/**
 * A fresh account made through the API (from its own address, as registration is limited per IP).
 * The worker's number is in the address: a retried or repeated test runs in a new worker whose count starts again.
 */
export async function createAccount(request: APIRequestContext, nickName = '测试读者') {
  const n = ++accounts;
  const username = `e2e${Date.now().toString(36)}${n}`;
  const password = 'password123';
  const res = await request.post('/api/user/register', {
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      'X-Forwarded-For': `10.${100 + (workerIndex() % 150)}.${n >> 8}.${n & 255}`,
    },
    data: { username, password, nick_name: nickName },
  });
  if (!res.ok()) throw new Error(`注册失败：${await res.text()}`);
  return { username, password, nickName };
}

/** Logs in through the login screen, as a reader would. */
export async function loginThroughForm(page: Page, username: string, password: string) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * The site's owner in end-to-end tests: an admin made the way an owner makes one, with
 * `npm run admin:create` on the server's database, and a browser of their own logged in as them.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, watchContext, workerIndex, type PageProblems } from './fixtures';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
let owners = 0;

/** A new admin account on the test server's database (or on the one in `dataDir`); answers its username and password. */
export async function createOwner(
  dataDir = process.env.E2E_DATA_DIR!,
): Promise<{ username: string; password: string }> {
  const username = `e2eadm${Date.now().toString(36)}${++owners}`;
  const password = 'owner-password-123';
  // The password goes in the environment, never the arguments (admin:create refuses those).
  await promisify(execFile)(process.execPath, ['scripts/admin-create.ts', username], {
    env: { ...process.env, ADMIN_PASSWORD: password, DATABASE_URL: `file:${join(dataDir, 'blog.db')}` },
  });
  return { username, password };
}

export interface Owner {
  username: string;
  password: string;
  context: BrowserContext;
  page: Page;
}

/**
 * The owner in a browser of their own, from an address of their own, logged in through the API:
 * the session cookie it sets is the one the browser's pages send. A server of a test's own names
 * the folder of its database.
 */
export async function ownerBrowser(
  browser: Browser,
  problems: PageProblems,
  baseURL: string,
  dataDir?: string,
): Promise<Owner> {
  const n = ++owners;
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.99.${1 + (workerIndex() % 200)}.${n & 255}` },
  });
  await watchContext(context, problems, new URL(baseURL).origin);
  const { username, password } = await createOwner(dataDir);
  const res = await context.request.post('/api/user/login', {
    headers: XHR,
    data: { username, password, cookie: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { username, password, context, page: await context.newPage() };
}

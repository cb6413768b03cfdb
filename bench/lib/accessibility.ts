/** For the accessibility sweep of `bench:lighthouse -- --a11y`: the routes, the theme, a login, the failures. */
import { chromium } from '@playwright/test';
import type { Result as LighthouseResult } from 'lighthouse';
import { encodeStored } from '../../src/lib/browser/storage.ts';
import { THEME_STORAGE_KEY, type Theme } from '../../src/lib/browser/theme.ts';
import { loginThroughForm } from '../../tests/e2e/helpers.ts';

/** Every page the sitemap lists, as paths on this server. */
export async function sitemapPaths(origin: string): Promise<string[]> {
  const locs = async (url: string) =>
    [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const sitemaps = await locs(`${origin}/sitemap-index.xml`);
  return (await Promise.all(sitemaps.map((path) => locs(origin + path)))).flat();
}

/**
 * Runs `act` in a tab of the Chromium that Lighthouse drives, then lets go of it. Lighthouse
 * opens its own tabs in the same profile, so what is stored here is what its pages see.
 */
async function inProfile(port: number, act: (page: import('@playwright/test').Page) => Promise<void>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await act(page);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Stores the reader's theme choice the way the theme switch does, so every page opens in it. */
export function chooseTheme(port: number, origin: string, theme: Theme): Promise<void> {
  return inProfile(port, async (page) => {
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, encodeStored(theme)]);
  });
}

/** Registers a reader and logs in through the login screen, for pages only a reader sees. */
export function logIn(port: number, origin: string): Promise<void> {
  return inProfile(port, async (page) => {
    const username = `bench${Date.now().toString(36)}`;
    const password = 'password123';
    const res = await fetch(`${origin}/api/user/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ username, password, nick_name: '无障碍检查' }),
    });
    if (!res.ok) throw new Error(`注册失败：${await res.text()}`);
    await page.goto(`${origin}/login`);
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await loginThroughForm(page, username, password);
    await page.waitForURL((url) => url.pathname !== '/login');
  });
}

export interface Failure {
  id: string;
  title: string;
  /** The first few elements it flags, by Lighthouse's selector. */
  nodes: string[];
}

/** The weighted audits of the accessibility category that did not pass. */
export function failingAudits(lhr: LighthouseResult): Failure[] {
  return lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items = (audit.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
      return { id: audit.id, title: audit.title, nodes: items.slice(0, 3).map((item) => item.node?.selector ?? '?') };
    });
}

/**
 * A site of its own for the writing console's end-to-end tests: a server on a copy of the demo
 * content, whose first admin is the owner, with the suite's build standing in for the live one
 * until a publish. Publishing runs the real build, so steps that publish wait for the status line.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astroCacheWithDemoImages, copyDemoContent, distWithSuiteBuild } from '../siteCopies';
import { startServer, type RunningServer } from '../integration/serve';
import { expect, watchContext, type PageProblems } from './fixtures';

/**
 * The first publish of a fresh checkout optimises every image of the site: on a busy machine that
 * took over 150 s, and once, on a machine running at half its speed, over 240 s.
 */
export const PUBLISH_WAIT = { timeout: 400_000 };

export interface WritingSite {
  server: RunningServer;
  /** Stops the server and starts it again at the same address on the same data, with `env` added. */
  restart: (env: Record<string, string>) => Promise<void>;
  /** CONTENT_DIR: `articles/` and `talks/` as the console writes them. */
  content: string;
  owner: { username: string; password: string };
  stop: () => Promise<void>;
}

export async function startWritingSite(owner: { username: string; password: string }): Promise<WritingSite> {
  const dir = mkdtempSync(join(tmpdir(), 'blog-writing-e2e-'));
  const content = join(dir, 'content');
  copyDemoContent(content);
  const dist = join(dir, 'dist');
  distWithSuiteBuild(dist);
  const env = {
    CONTENT_DIR: content,
    DIST_DIR: dist,
    DATABASE_URL: `file:${join(dir, 'blog.db')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
    ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(dir, 'astro-cache')),
    ADMIN_USERNAME: owner.username,
    ADMIN_PASSWORD: owner.password,
    TRUST_PROXY: 'loopback',
  };
  const site: WritingSite = {
    server: await startServer(env),
    async restart(more) {
      const port = new URL(site.server.url).port;
      await site.server.stop();
      site.server = await startServer({ ...env, ...more, PORT: port });
    },
    content,
    owner,
    async stop() {
      await site.server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return site;
}

export interface VisitorOptions {
  /** Logged in as the owner, or a reader. */
  owner: boolean;
  /** Its own address, as logins and registrations are limited per address. */
  address: string;
  viewport?: { width: number; height: number };
  /** Asia/Shanghai unless a test puts the browser elsewhere. */
  timezoneId?: string;
  /** The offline worker may install (the suite blocks it elsewhere: playwright.config.ts). */
  offlineWorker?: boolean;
}

/** A browser of its own on the site, watched by the suite's fixture like the test's own. */
export async function visitor(
  browser: Browser,
  problems: PageProblems,
  site: Pick<WritingSite, 'server' | 'owner'>,
  options: VisitorOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: site.server.url,
    locale: 'zh-CN',
    timezoneId: options.timezoneId ?? 'Asia/Shanghai',
    extraHTTPHeaders: { 'X-Forwarded-For': options.address },
    ...(options.viewport ? { viewport: options.viewport } : {}),
    serviceWorkers: options.offlineWorker ? 'allow' : 'block',
  });
  await watchContext(context, problems, site.server.url);
  if (options.owner) {
    const res = await context.request.post('/api/user/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { ...site.owner, cookie: true },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return { context, page: await context.newPage() };
}

export const publishLine = (page: Page) => page.getByRole('status', { name: '发布状态' });

/** Waits for the build the last action asked for: the line leaves the last build's state at once, then says live. */
export async function waitLive(page: Page) {
  await expect(publishLine(page)).toHaveAttribute('data-state', /queued|building/);
  await expect(publishLine(page)).toContainText('已发布上线', PUBLISH_WAIT);
}

/** A text field by its label alone: the editor's toolbar has a 标题 (heading) button too. */
export const field = (page: Page, name: string) =>
  page.getByLabel(name, { exact: true }).and(page.locator('input, textarea'));
export const bodyBox = (page: Page) => page.getByRole('textbox', { name: '正文' });
export const articleIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));

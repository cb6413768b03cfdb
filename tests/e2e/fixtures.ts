/**
 * The one `test` every end-to-end spec imports. It watches each browser context for what a
 * reader would never see but must never happen: an uncaught page error, a `console.error`, a
 * Content-Security-Policy violation, or a request to another host. Any of them fails the test
 * when it ends, with the list of what went wrong. And no test runs where Chinese would be drawn
 * in anything but a CJK font.
 */
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../chromium.ts';
import { cjkFontProblem } from './cjkFont.ts';

export { expect };

/** Chromium's own line for an answer of 400 to 499. */
const FAILED_LOAD_4XX = /Failed to load resource: the server responded with a status of 4\d\d/;

/** What went wrong in the pages of one test. */
export class PageProblems {
  private readonly found: { text: string; url?: string }[] = [];
  private readonly allowed: RegExp[] = [];
  /**
   * Pages that answer 4xx on purpose: a 404 page a test opens, or a link to a page not built yet
   * that the router prefetched on hover or focus. The browser logs their status too.
   */
  readonly documentErrors = new Set<string>();

  add(text: string, url?: string): void {
    this.found.push({ text, url });
  }

  /** For a test that provokes a problem on purpose and checks it itself. */
  allow(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  get seen(): string[] {
    return this.found
      .filter(({ text, url }) => !(url && this.documentErrors.has(url) && FAILED_LOAD_4XX.test(text)))
      .filter(({ text }) => !this.allowed.some((pattern) => pattern.test(text)))
      .map(({ text }) => text);
  }
}

/**
 * Chromium logs every answer of 400 or more as "Failed to load resource". A 4xx from our own API
 * is an answer the page handles (a wrong password, an expired session) and the test checks what
 * the reader sees; anything else failing to load (a script, a style, a 5xx) is a problem.
 */
function isHandledApiAnswer(text: string, url: string, origin: string): boolean {
  return FAILED_LOAD_4XX.test(text) && /^\/(api|wapi)\//.test(url.startsWith(origin) ? url.slice(origin.length) : '');
}

/** Starts watching a context; contexts a test makes itself call this too. */
export async function watchContext(context: BrowserContext, problems: PageProblems, origin: string): Promise<void> {
  context.on('weberror', (error) => problems.add(`未捕获的页面错误：${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    if (!isHandledApiAnswer(message.text(), url, origin))
      problems.add(`console.error：${message.text()}（${url}）`, url);
  });
  context.on('response', (response) => {
    const request = response.request();
    const isPage =
      request.resourceType() === 'document' ||
      /prefetch/.test(request.headers()['sec-purpose'] ?? '') ||
      request.resourceType() === 'other';
    if (isPage && response.status() >= 400 && response.status() < 500) problems.documentErrors.add(response.url());
  });
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== origin)
      problems.add(`访问了其他主机：${request.url()}`);
  });
  await context.exposeBinding('__reportCspViolation', (_source, report: string) => problems.add(`CSP 违规：${report}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.violatedDirective} 拦截了 ${event.blockedURI || 'inline'}（${event.sourceFile}:${event.lineNumber}）`;
      (window as unknown as { __reportCspViolation: (r: string) => void }).__reportCspViolation(report);
    });
  });
}

/**
 * For a spec file whose taps must be a phone's (`test.use(onFullBrowser)` at its top): after a tap, the headless
 * shell moves its mouse back and fires a `mouseout` that no phone fires, which undoes a toggle.
 */
export const onFullBrowser = { launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS } };

let readers = 0;

/** This worker's number in the run: a retried or repeated test runs in a new worker, with a new number. */
export const workerIndex = () => Number(process.env.TEST_WORKER_INDEX ?? 0);

export const test = base.extend<{ problems: PageProblems }, { chineseFont: void }>({
  // Once per worker: Chinese drawn in a fallback font hides layouts that break on real phones (cjkFont.ts).
  chineseFont: [
    async ({ browser }, use) => {
      const problem = await cjkFontProblem(browser);
      if (problem) throw new Error(problem);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  // Each test is a reader of its own, at an address of its own (the server trusts the test's proxy
  // header): from one shared 127.0.0.1, a quick run's logins would spend one address's login budget.
  extraHTTPHeaders: async ({}, use) => {
    const n = ++readers;
    await use({ 'X-Forwarded-For': `10.${1 + (workerIndex() % 50)}.${n >> 8}.${n & 255}` });
  },
  problems: async ({}, use) => {
    await use(new PageProblems());
  },
  context: async ({ context, problems, baseURL }, use) => {
    await watchContext(context, problems, new URL(baseURL!).origin);
    await use(context);
    expect(problems.seen, '页面上不应出现错误、CSP 违规或对其他主机的请求').toEqual([]);
  },
});

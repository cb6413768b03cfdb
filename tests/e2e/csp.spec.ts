import { expect, test } from './fixtures';
import { islandsHydrated, menuLink } from './helpers';

interface Violation {
  directive: string;
  blocked: string;
}

declare global {
  interface Window {
    __violations?: Violation[];
    __injected?: number;
    __onerror?: number;
  }
}

test('an injected inline script and an onerror handler run neither, while the page’s own scripts do', async ({
  page,
  problems,
}) => {
  // This test provokes the violations and the missing image on purpose and checks them itself.
  problems.allow(/^CSP/);
  problems.allow(/violates the following Content Security Policy directive/);
  problems.allow(/nope\.png/);
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__violations!.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  let policy = '';
  // The real answer for /home, its headers (and so its policy) kept, with markup an attacker might get in.
  await page.route(/\/home$/, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    policy = headers['content-security-policy'] ?? '';
    delete headers['content-length'];
    delete headers['content-encoding'];
    const injected = '<script>window.__injected=1</script><img src="/nope.png" alt="" onerror="window.__onerror=1">';
    const body = (await response.text()).replace(/<body[^>]*>/, (tag) => tag + injected);
    expect(body).toContain(injected);
    await route.fulfill({ status: response.status(), headers, body });
  });

  await page.goto('/home');
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(scriptSrc).toMatch(/^'self' 'sha256-/);
  expect(scriptSrc).not.toContain('unsafe');
  await islandsHydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);

  await expect.poll(() => page.evaluate(() => window.__violations!.length)).toBeGreaterThanOrEqual(2);
  const violations = await page.evaluate(() => window.__violations!);
  expect(violations.map((v) => v.directive).sort()).toEqual(['script-src-attr', 'script-src-elem']);
  expect(violations.every((v) => v.blocked === 'inline')).toBe(true);
  expect(await page.evaluate(() => [window.__injected, window.__onerror])).toEqual([undefined, undefined]);
});

test('pages reached by the client-side router run their inline scripts under the policy', async ({ page }) => {
  await page.goto('/home');
  await islandsHydrated(page);
  const theme = await page.locator('html').getAttribute('data-theme');
  for (const [name, path] of [
    ['标签', /\/tag$/],
    ['时间轴', /\/archives$/],
  ] as const) {
    await menuLink(page, name).click();
    await expect(page).toHaveURL(path);
    // The progress bar's inline module script saw the navigation start and finish.
    await expect(page.locator('#nav-progress')).toHaveAttribute('data-state', 'done');
    // The theme boot script applied the theme to the swapped-in document again.
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme!);
    await islandsHydrated(page);
  }
  await page.getByRole('main').locator('a[href^="/article/"]').first().click();
  await expect(page).toHaveURL(/\/article\/\d+$/);
  await islandsHydrated(page);
});

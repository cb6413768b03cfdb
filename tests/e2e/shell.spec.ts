import { expect, test } from './fixtures';
import { islandsHydrated, menuLink } from './helpers';

test('the header island keeps its identity across five navigations', async ({ page }) => {
  await page.goto('/home');
  await islandsHydrated(page);
  // A mark on the live element: a re-created island would not carry it.
  const controls = page.locator('#site-header astro-island > div');
  await controls.evaluate((el) => ((el as HTMLElement & { identity?: string }).identity = 'first'));
  const identity = () => controls.evaluate((el) => (el as HTMLElement & { identity?: string }).identity);

  const stops: [string, RegExp][] = [
    ['时间轴', /\/archives$/],
    ['分类', /\/category$/],
    ['标签', /\/tag$/],
    ['获取激活码', /\/pay$/],
    ['首页', /\/home$/],
  ];
  for (const [name, url] of stops) {
    await menuLink(page, name).click();
    await expect(page).toHaveURL(url);
    await expect(menuLink(page, name)).toHaveAttribute('aria-current', 'page');
    expect(await identity()).toBe('first');
  }
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the drawer opens, navigates and closes', async ({ page }) => {
    await page.goto('/home');
    await islandsHydrated(page);
    await expect(page.locator('nav.menu')).toBeHidden();
    await page.getByRole('button', { name: '打开导航菜单' }).click();

    const drawer = page.getByRole('dialog', { name: '导航' });
    await expect(drawer).toBeVisible();
    // It slides in from the left edge and settles at 60% of the width.
    await expect.poll(async () => (await drawer.boundingBox())!.x).toBe(0);
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(Math.round(375 * 0.6));
    // Everything the desktop menu offers, the pay group included (header.spec.ts checks each destination).
    await expect(drawer.getByRole('link', { name: '获取激活码' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: '资源导航' })).toBeVisible();

    await drawer.getByRole('link', { name: '时间轴' }).click();
    await expect(page).toHaveURL(/\/archives$/);
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: '打开导航菜单' }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});

test('the header hides on the way down and returns on the way up; back-to-top works', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/archives');
  await islandsHydrated(page);
  const header = page.locator('#site-header');
  const backToTop = page.getByRole('button', { name: '回到顶部' });
  await expect(header).toHaveAttribute('data-visible', 'true');
  await expect(backToTop).toHaveAttribute('data-visible', 'false');

  await page.mouse.wheel(0, 600);
  await expect(header).toHaveAttribute('data-visible', 'false');
  await expect(backToTop).toHaveAttribute('data-visible', 'true');
  await expect(header).not.toBeInViewport();

  await page.mouse.wheel(0, -150);
  await expect(header).toHaveAttribute('data-visible', 'true');

  await backToTop.click();
  await page.waitForFunction(() => window.scrollY === 0);
  await expect(header).toHaveAttribute('data-visible', 'true');
  await expect(backToTop).toHaveAttribute('data-visible', 'false');
});

test('the theme toggle persists across reloads and is applied before first paint', async ({ page }) => {
  // Record the theme attribute at the first moment the body exists, before any paint.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.body) {
        (window as unknown as { firstTheme: string | null }).firstTheme =
          document.documentElement.getAttribute('data-theme');
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/home');
  await islandsHydrated(page);
  const html = page.locator('html');
  const before = await html.getAttribute('data-theme');
  const after = before === 'dark' ? 'light' : 'dark';

  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-theme', after);

  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme)).toBe(after);
  await expect(html).toHaveAttribute('data-theme', after);

  // And it survives client-side navigation, which swaps in the static <html data-theme="light">.
  await menuLink(page, '时间轴').click();
  await expect(page).toHaveURL(/\/archives$/);
  await expect(html).toHaveAttribute('data-theme', after);
});

test('the landing typewriter ends with the fixed sentence', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('canvas')).toBeVisible();
  await expect(page.getByTestId('typewriter-text')).toHaveText('我得做点什么', { timeout: 40_000 });
  await expect(page.locator('.typewriter')).toHaveAttribute('data-done', 'true');
  for (const href of ['/home', '/message/list', '/link/list'])
    await expect(page.locator(`a[href="${href}"]`)).toBeVisible();
});

test('the header and back-to-top still work after visiting the landing page', async ({ page }) => {
  await page.goto('/home');
  await islandsHydrated(page);
  await page.locator('#site-header .brand').click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: '进入博客' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await islandsHydrated(page);

  const header = page.locator('#site-header');
  await page.mouse.wheel(0, 600);
  await expect(header).toHaveAttribute('data-visible', 'false');
  await page.mouse.wheel(0, -150);
  await expect(header).toHaveAttribute('data-visible', 'true');
  await page.getByRole('button', { name: '回到顶部' }).click();
  await page.waitForFunction(() => window.scrollY === 0);
  await expect(menuLink(page, '首页')).toHaveAttribute('aria-current', 'page');
});

test('a view transition the router skips for a newer navigation is no error, and any other unhandled rejection still is', async ({
  page,
  problems,
}) => {
  await page.goto('/home');
  await islandsHydrated(page);
  // What the browser rejects a skipped transition's `ready` with, which Astro's router leaves unhandled.
  await page.evaluate(() => void Promise.reject(new DOMException('Transition was skipped', 'AbortError')));
  await page.evaluate(() => void Promise.reject(new Error('一个真正的错误')));
  await expect.poll(() => problems.seen).toEqual(['未捕获的页面错误：一个真正的错误']);
  problems.allow(/一个真正的错误/);
});

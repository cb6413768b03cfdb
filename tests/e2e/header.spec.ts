import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, islandsHydrated, loginThroughForm, menuGroup, menuLink } from './helpers';

/** Every page the header leads to, at every width. */
const DESTINATIONS = [
  '/home',
  '/archives',
  '/category',
  '/tag',
  '/resources/front',
  '/resources/back',
  '/siteList',
  '/talk',
  '/link/list',
  '/message/list',
  '/pay',
  '/pay/xxx-sd',
  '/pay/xxx-mj',
].sort();

const WIDE_MENU = ['首页', '时间轴', '分类', '标签', '资源导航', '说说', '下载', '留言', '获取激活码'];
const COMPACT_MENU = ['首页', '文章', '资源导航', '说说', '下载', '留言', '获取激活码'];
const LONG_NICK = '一二三四五六七八九十一二三四五六七八九十';

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the header shows at rest: the brand, the top-level menu items and the controls, each with its box. */
async function headerLayout(page: Page): Promise<{ menu: Box[]; others: Box[] }> {
  await page.mouse.move(1, 600);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return page.evaluate(() => {
    const header = document.getElementById('site-header')!;
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 0;
    const box = (el: Element): Box => {
      const { x, y, width, height } = el.getBoundingClientRect();
      return { name: el.textContent!.trim() || el.getAttribute('aria-label') || el.className, x, y, width, height };
    };
    const menu = [...header.querySelectorAll('.menu a, .menu .top')].filter(shown);
    const controls = [...header.querySelectorAll('astro-island a, astro-island button')].filter(shown);
    return { menu: menu.map(box), others: [header.querySelector('.brand')!, ...controls].map(box) };
  });
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** The hrefs the desktop menu offers: its visible links, and those each group shows when hovered. */
async function desktopDestinations(page: Page): Promise<string[]> {
  const found = new Set<string>();
  const visibleHrefs = () =>
    page
      .locator('#site-header nav.menu a')
      .evaluateAll((links) =>
        links.filter((a) => a.checkVisibility({ visibilityProperty: true })).map((a) => a.getAttribute('href')!),
      );
  for (const href of await visibleHrefs()) found.add(href);
  for (const top of await page.locator('#site-header nav.menu .group > .top').all()) {
    if (!(await top.isVisible())) continue;
    await top.hover();
    await expect(top).toHaveAttribute('aria-expanded', 'true');
    await expect(top.locator('+ .submenu a').first()).toBeVisible();
    for (const href of await visibleHrefs()) found.add(href);
  }
  return [...found].sort();
}

async function logInWithLongNick(page: Page, request: import('@playwright/test').APIRequestContext) {
  const { username, password } = await createAccount(request, LONG_NICK);
  await page.goto('/login');
  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/home$/);
}

for (const loggedIn of [false, true]) {
  test(`the header fits on one line at 1280, 1024 and 800 px, ${loggedIn ? 'logged in with a 20-character nick name' : 'logged out'}`, async ({
    page,
    request,
  }) => {
    if (loggedIn) await logInWithLongNick(page, request);
    for (const width of [1280, 1024, 800]) {
      await page.setViewportSize({ width, height: 720 });
      await page.goto('/home');
      await islandsHydrated(page);
      if (loggedIn) await expect(page.getByTestId('user-menu')).toContainText(LONG_NICK.slice(0, 4));
      else await expect(page.locator('#site-header').getByRole('link', { name: '登录', exact: true })).toBeVisible();

      const { menu, others } = await headerLayout(page);
      expect(
        menu.map((item) => item.name),
        `${width} px`,
      ).toEqual(width >= 1280 ? WIDE_MENU : COMPACT_MENU);
      for (const item of menu) {
        expect(item.y, `${width} px：${item.name}`).toBeCloseTo(menu[0].y, 0);
        expect(item.height, `${width} px：${item.name}`).toBeCloseTo(menu[0].height, 0);
      }
      const all = [...others, ...menu];
      for (const item of all) {
        expect(item.x, `${width} px：${item.name}`).toBeGreaterThanOrEqual(0);
        expect(item.x + item.width, `${width} px：${item.name}`).toBeLessThanOrEqual(width);
        expect(item.y + item.height, `${width} px：${item.name}`).toBeLessThanOrEqual(60);
      }
      // The icons keep their full size as tap targets; only the nick name gives way.
      const icons = others.filter((item) => item.name === '搜索' || item.name.startsWith('切换到'));
      expect(icons).toHaveLength(2);
      for (const icon of icons) expect(icon.width, `${width} px：${icon.name}`).toBeCloseTo(40, 0);
      const clashes = all.flatMap((a, i) =>
        all
          .slice(i + 1)
          .filter((b) => overlaps(a, b))
          .map((b) => `${a.name} × ${b.name}`),
      );
      expect(clashes, `${width} px 时头部元素互相重叠`).toEqual([]);

      expect(await desktopDestinations(page), `${width} px`).toEqual(DESTINATIONS);
    }
  });
}

test('the current page is marked in its group, and the group too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/home');
  await islandsHydrated(page);
  const resources = menuGroup(page, '资源导航');
  await resources.hover();
  await menuLink(page, '后端').click();
  await expect(page).toHaveURL(/\/resources\/back$/);
  await expect(page.locator('#site-header .menu a[href="/resources/back"]')).toHaveAttribute('aria-current', 'page');
  await expect(resources).toHaveAttribute('aria-current', 'true');
  await expect(menuLink(page, '首页')).not.toHaveAttribute('aria-current');
  // The submenu closes once its link is chosen, though the pointer still rests on it.
  await expect(resources).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#site-header .menu a[href="/resources/back"]')).toBeHidden();

  await page.goto('/pay/xxx-sd');
  await expect(page.locator('#site-header .menu a[href="/pay/xxx-sd"]')).toHaveAttribute('aria-current', 'page');
  await expect(menuGroup(page, '获取激活码')).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('#site-header .menu a[href="/pay/xxx-mj"]')).not.toHaveAttribute('aria-current');

  await page.setViewportSize({ width: 1024, height: 720 });
  await page.goto('/category');
  await expect(menuGroup(page, '文章')).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('#site-header .menu a[href="/category"]')).toHaveAttribute('aria-current', 'page');
  await expect(menuGroup(page, '资源导航')).not.toHaveAttribute('aria-current');
});

test('a submenu opens on hover and focus, and Escape or the button closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 720 });
  await page.goto('/home');
  await islandsHydrated(page);
  const articles = menuGroup(page, '文章');
  const timeline = menuLink(page, '时间轴');
  await expect(articles).toHaveAttribute('aria-expanded', 'false');
  await expect(timeline).toBeHidden();

  await articles.hover();
  await expect(articles).toHaveAttribute('aria-expanded', 'true');
  await expect(timeline).toBeVisible();
  await page.mouse.move(1, 600);
  await expect(articles).toHaveAttribute('aria-expanded', 'false');

  await menuLink(page, '首页').focus();
  await page.keyboard.press('Tab');
  await expect(articles).toBeFocused();
  await expect(articles).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(timeline).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(articles).toBeFocused();
  await expect(articles).toHaveAttribute('aria-expanded', 'false');
  await expect(timeline).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(articles).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Enter');
  await expect(articles).toHaveAttribute('aria-expanded', 'false');
  // Focus moving on to the next group opens that one.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(articles).toHaveAttribute('aria-expanded', 'true');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the drawer lists every destination, groups as sections that open', async ({ page }) => {
    await page.goto('/resources/front');
    await islandsHydrated(page);
    await page.getByRole('button', { name: '打开导航菜单' }).click();
    const drawer = page.getByRole('dialog', { name: '导航' });
    const nav = drawer.getByRole('navigation', { name: '导航' });
    await expect(drawer).toBeVisible();

    // The group holding this page opens with the drawer; the others wait to be opened.
    const resources = nav.getByRole('button', { name: '资源导航' });
    const pay = nav.getByRole('button', { name: '获取激活码子菜单' });
    await expect(resources).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: '前端' })).toHaveAttribute('aria-current', 'page');
    await expect(pay).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: '小咸鱼 · 一键助手' })).toBeHidden();
    await pay.click();
    await expect(pay).toHaveAttribute('aria-expanded', 'true');

    const hrefs = await nav
      .locator('a')
      .evaluateAll((links) => links.filter((a) => a.checkVisibility()).map((a) => a.getAttribute('href')!));
    expect(hrefs.sort()).toEqual(DESTINATIONS);
    const panel = (await drawer.boundingBox())!;
    for (const link of await nav.locator('a').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
    }

    await resources.click();
    await expect(resources).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: '前端' })).toBeHidden();
    await nav.getByRole('link', { name: '小咸鱼 · 绘图工坊' }).click();
    await expect(page).toHaveURL(/\/pay\/xxx-mj$/);
    await expect(drawer).toBeHidden();
  });
});

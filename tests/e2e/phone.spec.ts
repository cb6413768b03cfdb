/**
 * A reader on a phone: the header keeps every control on screen, the bell and its badge too, the music
 * player never covers the 备案号, and the welcome greeting never covers the article's title.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { NICK_NAME_MAX_CHARS } from '../../src/contract/limits';
import { createAccount, islandsHydrated, loginThroughForm } from './helpers';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Whether two boxes on the page share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** The narrowest phones in use (iPhone SE 1st gen, most Android phones, iPhone 6–8 and X, iPhone 12–14). */
const PHONE_WIDTHS = [320, 360, 375, 390];
/** A nickname as long as the account rules allow. */
const LONGEST_NICK = '手机上的读者昵称正好二十个字这样就到头了';

/** Every link and button of the header is wholly on screen and none lies on another; the page does not scroll sideways. */
async function expectControlsOnScreen(page: Page, when: string) {
  const width = page.viewportSize()!.width;
  const controls = await page.locator('#site-header .bar').locator('a, button').filter({ visible: true }).all();
  const boxes = await Promise.all(
    controls.map(async (control) => ({
      name: (await control.getAttribute('aria-label')) ?? (await control.innerText()),
      box: (await control.boundingBox())!,
    })),
  );
  expect(boxes.length, `${when}：页头的控件`).toBeGreaterThanOrEqual(4);
  for (const { name, box } of boxes) {
    expect(
      box.x >= 0 && box.x + box.width <= width,
      `${when}：「${name}」完整可见（${Math.round(box.x)}–${Math.round(box.x + box.width)}）`,
    ).toBe(true);
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart = a.box.x + a.box.width <= b.box.x + 0.5 || b.box.x + b.box.width <= a.box.x + 0.5;
      expect(apart, `${when}：「${a.name}」和「${b.name}」不重叠`).toBe(true);
    }
  }
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${when}：页面不横向滚动`,
  ).toBeLessThanOrEqual(width);
}

const wholeInView = async (page: Page, target: Locator) => {
  const box = (await target.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
};

test.describe('on phones', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('the header keeps every control on screen, none on another, at 320–390 px, logged out and logged in with the longest nickname and an unread badge', async ({
    page,
    request,
  }) => {
    expect(Array.from(LONGEST_NICK)).toHaveLength(NICK_NAME_MAX_CHARS);
    const reader = await createAccount(request, LONGEST_NICK);
    const other = await createAccount(request, '回复的人');
    // Someone answers the reader's comment: one unread notification.
    const login = async (who: { username: string; password: string }, ip: string) =>
      (await (await request.post('/api/user/login', { headers: { ...XHR, 'X-Forwarded-For': ip }, data: who })).json())
        .result as { id: number; token: string };
    const [mine, theirs] = [await login(reader, '10.231.0.1'), await login(other, '10.231.0.2')];
    const root = (
      await (
        await request.post('/api/comment/add', {
          headers: { ...XHR, Authorization: `Bearer ${mine.token}` },
          data: { type: 1, for_id: 2, content: '手机上看很舒服' },
        })
      ).json()
    ).result;
    const reply = await request.post('/api/comment/apply', {
      headers: { ...XHR, Authorization: `Bearer ${theirs.token}` },
      data: { type: 1, for_id: 2, parent_id: root.id, to_id: mine.id, content: '同感' },
    });
    expect(reply.ok(), await reply.text()).toBe(true);

    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/home');
      await islandsHydrated(page);
      await expectControlsOnScreen(page, `未登录，${width} px`);
    }

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/login');
    await loginThroughForm(page, reader.username, reader.password);
    await expect(page.getByTestId('notify-bell')).toBeVisible();
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/home');
      await islandsHydrated(page);
      const bell = page.getByTestId('notify-bell');
      const badge = page.getByTestId('notify-badge');
      await expect(badge).toHaveText('1');
      expect(await wholeInView(page, bell), `铃铛在 ${width} px 时完整可见`).toBe(true);
      expect(await wholeInView(page, badge), `未读数在 ${width} px 时完整可见`).toBe(true);
      await expectControlsOnScreen(page, `已登录，${width} px`);
    }
  });

  test('at the end of a page the music player leaves the 备案号 readable and tappable at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/article/1');
    await islandsHydrated(page);
    const filing = page.locator('footer').getByRole('link');
    const player = page.getByTestId('music-pill');
    await expect(player).toBeVisible();
    // The greeting of a first visit comes and goes; the player stays.
    await expect(page.getByRole('status').getByText(/(好|夜猫子|休息)，/)).toBeHidden({ timeout: 10_000 });
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect(filing).toBeInViewport({ ratio: 1 });
    expect(await overlap(filing, player)).toBe(false);
    // Nothing lies on top of the link: a tap at its middle reaches it.
    const box = (await filing.boundingBox())!;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.textContent,
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
    ).toBe(await filing.textContent());
  });

  test('the welcome greeting does not cover the article’s title at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/article/1');
    const welcome = page.getByRole('status').getByText(/(好|夜猫子|休息)，/);
    await expect(welcome).toBeVisible();
    expect(await overlap(welcome, page.getByRole('heading', { level: 1 }))).toBe(false);
  });
});

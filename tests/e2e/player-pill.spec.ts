/**
 * The music player's pill never covers what matters: at the end of a page the page keeps room for
 * it, on a phone it docks across the bottom of the window, it lies under the search dialog and the
 * message drawer, the reader can fold it away (the music plays on, and it stays folded across page
 * loads), and the console shows none.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, islandsHydrated, loginThroughForm } from './helpers';
import { playFirstSong, sameAudioStillPlaying, watchAudio } from './music-helpers';
import { createOwner } from './owner';

const pill = (page: Page) => page.getByTestId('music-pill');
const greeting = (page: Page) => page.getByRole('status').getByText(/(好|夜猫子|休息)，/);

/**
 * Text lines and controls the pill lies on: each shown line of text, and each shown link, button or
 * field, that shares pixels with it where the pill is the one on top. (The back-to-top button rises
 * over the end of the docked pill: that covers nothing.)
 */
function underThePill(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pill = document.querySelector('[data-testid="music-pill"]')!;
    const p = pill.getBoundingClientRect();
    const covered = (r: DOMRect) => {
      const [left, right, top, bottom] = [
        Math.max(r.left, p.left),
        Math.min(r.right, p.right),
        Math.max(r.top, p.top),
        Math.min(r.bottom, p.bottom),
      ];
      return (
        left < right && top < bottom && pill.contains(document.elementFromPoint((left + right) / 2, (top + bottom) / 2))
      );
    };
    const shown = (el: Element) =>
      !pill.contains(el) && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent!.trim();
      if (!text || !node.parentElement || !shown(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(covered)) found.push(`文字「${text.slice(0, 24)}」`);
    }
    for (const control of document.querySelectorAll('a[href], button, input, select, textarea, summary')) {
      if (shown(control) && covered(control.getBoundingClientRect()))
        found.push(`控件「${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 24)}」`);
    }
    return found;
  });
}

/**
 * Lines of text that show beside the pill, partly covered, and how many lines reach into its rows:
 * on a phone the docked pill spans the window, so whatever is under it is wholly under it, as under
 * the window's edge.
 */
function linesBesideThePill(page: Page): Promise<{ beside: string[]; inItsRows: number }> {
  return page.evaluate(() => {
    const p = document.querySelector('[data-testid="music-pill"]')!.getBoundingClientRect();
    const beside: string[] = [];
    let inItsRows = 0;
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent!.trim() || !node.parentElement?.checkVisibility({ visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.height === 0 || r.top >= p.bottom || p.top >= r.bottom) continue;
        inItsRows++;
        if (r.left < p.left || r.right > p.right) beside.push(`「${node.textContent!.trim().slice(0, 24)}」`);
      }
    }
    return { beside, inItsRows };
  });
}

/** What a tap on the pill's middle and near its corners would reach: none of it while a dialog or drawer is over it. */
function pillOnTop(page: Page): Promise<boolean[]> {
  return page.evaluate(() => {
    const pill = document.querySelector('[data-testid="music-pill"]')!;
    const p = pill.getBoundingClientRect();
    const points: [number, number][] = [
      [p.left + p.width / 2, p.top + p.height / 2],
      [p.left + 8, p.top + p.height / 2],
      [p.right - 8, p.top + p.height / 2],
    ];
    return points.map(([x, y]) => pill.contains(document.elementFromPoint(x, y)));
  });
}

const scrollToEnd = (page: Page) =>
  page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));

for (const width of [375, 1366]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 740 : 768 } });

    test(`the pill covers no line and no control at the end of an article, and lies under the search dialog and the message drawer`, async ({
      page,
      request,
    }) => {
      // A reader with a message waiting, so the bell opens the drawer.
      const reader = await createAccount(request, '读到底的读者');
      await page.goto('/login');
      await loginThroughForm(page, reader.username, reader.password);
      await expect(page.getByTestId('notify-bell')).toBeVisible();
      await page.goto('/article/1');
      await islandsHydrated(page);
      await expect(pill(page)).toBeVisible();
      await expect(greeting(page)).toBeHidden({ timeout: 10_000 });

      if (width < 800) {
        // While reading, wherever the article is, the docked pill leaves no line half under it.
        let seen = 0;
        for (const at of [0.2, 0.3, 0.4, 0.5, 0.6]) {
          await page.evaluate(
            (at) => window.scrollTo({ top: document.documentElement.scrollHeight * at, behavior: 'instant' }),
            at,
          );
          const { beside, inItsRows } = await linesBesideThePill(page);
          expect(beside, `滚到 ${at * 100}% 处`).toEqual([]);
          seen += inItsRows;
        }
        expect(seen, '读到的行里有落在播放器那一排的').toBeGreaterThan(0);
      }

      await scrollToEnd(page);
      const filing = page.locator('footer').getByRole('link');
      await expect(filing).toBeInViewport({ ratio: 1 });
      expect(await underThePill(page)).toEqual([]);
      // The 备案号 takes a tap at its middle.
      const box = (await filing.boundingBox())!;
      expect(
        await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest('footer a') !== null,
          [box.x + box.width / 2, box.y + box.height / 2],
        ),
      ).toBe(true);

      // Back at the top, the header shows its search and bell; the pill stays where it was.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect(page.locator('#site-header')).toHaveAttribute('data-visible', 'true');
      await expect(page.getByRole('button', { name: '搜索', exact: true })).toBeInViewport({ ratio: 1 });
      await page.getByRole('button', { name: '搜索', exact: true }).click();
      await expect(page.getByRole('dialog', { name: '搜索' })).toBeVisible();
      expect(await pillOnTop(page), '搜索框打开时').toEqual([false, false, false]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: '搜索' })).toBeHidden();
      expect(await pillOnTop(page), '搜索框关上后').toEqual([true, true, true]);

      await page.getByTestId('notify-bell').click();
      await expect(page.getByRole('dialog', { name: '我的消息' })).toBeVisible();
      expect(await pillOnTop(page), '消息抽屉打开时').toEqual([false, false, false]);
    });

    test(`the reader folds the pill away while the music plays on; it stays folded across navigation and reloads, and the header brings it back`, async ({
      page,
    }) => {
      // Whether the pill would show when it first enters the page, before any paint could draw it.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const disc = document.querySelector('[data-testid="music-pill"]');
          if (!disc) return;
          (window as unknown as { pillOnArrival: string }).pillOnArrival = getComputedStyle(disc).display;
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/home');
      await islandsHydrated(page);
      const unfold = page.getByRole('button', { name: '显示播放器' });
      await expect(unfold).toBeHidden();
      const song = await playFirstSong(page);
      await page.getByRole('button', { name: '收起播放器' }).click();
      await expect(page.getByTestId('disc-name')).toHaveText(song);
      await watchAudio(page);

      await pill(page).getByRole('button', { name: '隐藏播放器' }).click();
      await expect(pill(page)).toBeHidden();
      await expect(unfold).toBeVisible();
      await expect(unfold).toBeFocused();
      await page.waitForTimeout(300);
      expect(await sameAudioStillPlaying(page)).toMatchObject({ same: true, paused: false, pauses: 0 });

      // Another page, by a link: still folded, still playing.
      await page.locator('main a[href^="/article/"]').first().click();
      await expect(page).toHaveURL(/\/article\/\d+$/);
      await expect(pill(page)).toBeHidden();
      await page.waitForTimeout(300);
      expect(await sameAudioStillPlaying(page)).toMatchObject({ same: true, paused: false, pauses: 0 });

      // A reload remembers it: the pill never shows, not even before the page's scripts run.
      await page.reload();
      expect(await page.evaluate(() => (window as unknown as { pillOnArrival?: string }).pillOnArrival)).toBe('none');
      await islandsHydrated(page);
      await expect(pill(page)).toBeHidden();
      await expect(unfold).toBeVisible();

      await unfold.click();
      await expect(pill(page)).toBeVisible();
      await expect(pill(page).getByRole('button', { name: /打开播放器$/ })).toBeFocused();
      await expect(page.getByTestId('disc-name')).toHaveText(song);
      await expect(unfold).toBeHidden();
      await page.reload();
      expect(await page.evaluate(() => (window as unknown as { pillOnArrival?: string }).pillOnArrival)).toBe('flex');
      await expect(pill(page)).toBeVisible();
    });

    test(`the console shows no pill: the music plays on out of sight, and the pill is back on the site`, async ({
      page,
    }) => {
      const owner = await createOwner();
      await page.goto('/login?redirect=%2Fhome');
      await loginThroughForm(page, owner.username, owner.password);
      await expect(page).toHaveURL(/\/home$/);
      await islandsHydrated(page);
      await playFirstSong(page);
      await page.getByRole('button', { name: '收起播放器' }).click();
      await expect(pill(page)).toBeVisible();
      await watchAudio(page);

      // Into the console the way the owner goes, without a page load.
      if (width < 800) {
        await page.getByRole('button', { name: '打开导航菜单' }).click();
        await page.getByRole('dialog', { name: '导航' }).getByRole('link', { name: '管理后台' }).click();
      } else {
        await page.getByTestId('user-menu').click();
        await page.getByRole('menuitem', { name: '管理后台' }).click();
      }
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
      await expect(pill(page)).toBeHidden();
      await page.waitForTimeout(300);
      expect(await sameAudioStillPlaying(page)).toMatchObject({ same: true, paused: false, pauses: 0 });

      // A console screen loaded afresh has none either, and its buttons at the bottom take a tap.
      await page.goto('/admin/moderation');
      await expect(pill(page)).toBeHidden();
      await page.getByText('评论规则', { exact: true }).click();
      const save = page.getByRole('button', { name: '保存规则' });
      await expect(save).toBeVisible();
      // Brought as near the bottom of the window as the page allows, where the pill sat.
      await save.evaluate((button) =>
        window.scrollBy({ top: button.getBoundingClientRect().bottom - (innerHeight - 24), behavior: 'instant' }),
      );
      const box = (await save.boundingBox())!;
      expect(
        await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.textContent,
          [box.x + 4, box.y + box.height / 2],
        ),
      ).toBe('保存规则');

      await page.goto('/admin');
      if (width < 800) await page.getByRole('button', { name: '打开后台导航' }).click();
      await page.getByRole('link', { name: '回到网站' }).filter({ visible: true }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(pill(page)).toBeVisible();
    });
  });
}

test('with the pill folded away, the header holds its music button beside the others, none on another, from 320 to 1024 px, logged in with the longest nick name', async ({
  page,
  request,
}) => {
  const reader = await createAccount(request, '手机上的读者昵称正好二十个字这样就到头了');
  await page.goto('/login');
  await loginThroughForm(page, reader.username, reader.password);
  await expect(page.getByTestId('notify-bell')).toBeVisible();
  // Folded once the pill's island is awake: a click before it reaches no handler.
  await islandsHydrated(page);
  await pill(page).getByRole('button', { name: '隐藏播放器' }).click();
  await expect(pill(page)).toBeHidden();
  for (const width of [320, 375, 800, 1024]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/home');
    await islandsHydrated(page);
    const controls = await page.locator('#site-header .bar').locator('a, button').filter({ visible: true }).all();
    const boxes = await Promise.all(
      controls.map(async (control) => ({
        name: (await control.getAttribute('aria-label')) ?? (await control.innerText()),
        box: (await control.boundingBox())!,
      })),
    );
    expect(
      boxes.map(({ name }) => name),
      `${width} px`,
    ).toContain('显示播放器');
    for (const { name, box } of boxes)
      expect(box.x >= 0 && box.x + box.width <= width, `${width} px：「${name}」完整可见`).toBe(true);
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart =
          a.box.x + a.box.width <= b.box.x + 0.5 ||
          b.box.x + b.box.width <= a.box.x + 0.5 ||
          a.box.y + a.box.height <= b.box.y + 0.5 ||
          b.box.y + b.box.height <= a.box.y + 0.5;
        expect(apart, `${width} px：「${a.name}」和「${b.name}」不重叠`).toBe(true);
      }
    }
  }
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('the player’s bar shows 「未在播放」 whole at 360–390 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/home');
    await islandsHydrated(page);
    await page.getByRole('button', { name: /打开播放器$/ }).tap();
    const idle = page.getByTestId('now-playing');
    await expect(idle).toHaveText('未在播放');
    for (const width of [360, 375, 390]) {
      await page.setViewportSize({ width, height: 740 });
      const { shown, needed } = await idle.evaluate((el) => ({ shown: el.clientWidth, needed: el.scrollWidth }));
      expect(needed, `${width} px`).toBeLessThanOrEqual(shown);
    }
  });
});

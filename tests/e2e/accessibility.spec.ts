/**
 * What Lighthouse's accessibility audit flagged once, checked in both themes so it stays fixed;
 * `npm run bench:a11y` runs the whole audit over every route.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** WCAG's contrast ratio of two computed `rgb()` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((c) => {
        const s = Number(c) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const textContrast = async (element: Locator) => {
  const { color, background } = await element.evaluate((el) => ({
    color: getComputedStyle(el).color,
    background: getComputedStyle(el).backgroundColor,
  }));
  return contrast(color, background);
};

const underlined = (link: Locator) =>
  link.evaluate((a) => getComputedStyle(a).textDecorationLine.includes('underline'));

/** Opens a page with the reader's stored theme choice, as the theme switch stores it. */
async function openInTheme(page: Page, path: string, theme: 'light' | 'dark') {
  await page.addInitScript(
    (value) => localStorage.setItem('mainTheme', value),
    Buffer.from(encodeURIComponent(JSON.stringify(theme))).toString('base64'),
  );
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test('the 置顶 badges on /home and /talk have 4.5 : 1 contrast', async ({ page }) => {
      for (const path of ['/home', '/talk']) {
        await openInTheme(page, path, theme);
        const badges = page.locator('.pinned');
        expect(await badges.count()).toBeGreaterThan(0);
        for (const badge of await badges.all()) expect(await textContrast(badge)).toBeGreaterThanOrEqual(4.5);
      }
    });

    test('links inside talks and articles are underlined, not told apart by colour alone', async ({ page }) => {
      await openInTheme(page, '/talk/3', theme);
      const talkLinks = page.locator('.talk .prose a');
      expect(await talkLinks.count()).toBeGreaterThan(0);
      for (const link of await talkLinks.all()) expect(await underlined(link)).toBe(true);

      await openInTheme(page, '/article/2', theme);
      const articleLinks = page.locator('article .prose p a');
      expect(await articleLinks.count()).toBeGreaterThan(0);
      for (const link of await articleLinks.all()) expect(await underlined(link)).toBe(true);
    });

    test('every token of highlighted code has 4.5 : 1 contrast on its block', async ({ page }) => {
      for (const path of ['/article/8', '/article/3']) {
        await openInTheme(page, path, theme);
        const pairs = await page.locator('.prose pre').evaluateAll((blocks) =>
          blocks.flatMap((pre) =>
            [...pre.querySelectorAll('span')]
              .filter((span) => span.childElementCount === 0 && span.textContent!.trim())
              .map((span) => ({
                text: span.textContent!,
                color: getComputedStyle(span).color,
                background: getComputedStyle(pre).backgroundColor,
              })),
          ),
        );
        expect(pairs.length).toBeGreaterThan(0);
        const low = pairs
          .filter((p) => contrast(p.color, p.background) < 4.5)
          .map((p) => `${p.text} ${p.color} on ${p.background}`);
        expect(low, path).toEqual([]);
      }
    });

    test('the register link on /login is underlined', async ({ page }) => {
      await openInTheme(page, '/login', theme);
      const register = page.getByRole('link', { name: '去注册', exact: true });
      await expect(register).toBeVisible();
      expect(await underlined(register)).toBe(true);
    });
  });
}

test('every talk image link is named for what it opens', async ({ page }) => {
  await page.goto('/talk');
  const links = page.locator('.talk .images a');
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) await expect(link).toHaveAccessibleName(/^查看大图（第 \d+ 张，共 \d+ 张）$/);
});

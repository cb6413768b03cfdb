/**
 * What a phone (375 px wide, pixel ratio 2) actually fetches: the first cover as AVIF at the width
 * its column needs, covers further down only once the reader scrolls near them, and article photos
 * as WebP or AVIF no wider than the phone needs.
 */
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';

test.use({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

/** The file the browser chose and its width as its srcset entry states it (0 while nothing is chosen). */
const chosen = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => {
    const sets = [el.srcset, ...[...(el.parentElement?.querySelectorAll('source') ?? [])].map((s) => s.srcset)];
    const entries = sets.flatMap((set) => set.split(',').map((entry) => entry.trim().split(/\s+/)));
    const entry = entries.find(([url]) => el.currentSrc && new URL(url, location.href).href === el.currentSrc);
    return { src: el.currentSrc, width: entry ? parseInt(entry[1], 10) : 0 };
  });

test('the first cover arrives as AVIF sized for the phone; a cover far below waits for the scroll', async ({
  page,
}) => {
  await page.goto('/home');
  const covers = page.locator('.article-card .cover img');
  await expect(covers.first()).toHaveJSProperty('complete', true);
  // (375 − 32) CSS px at 2× is 686 px: the 720 px file.
  expect(await chosen(covers.first())).toEqual({ src: expect.stringMatching(/\.avif$/), width: 720 });

  await page.waitForLoadState('networkidle');
  const last = covers.last();
  expect(await chosen(last)).toEqual({ src: '', width: 0 });
  await last.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await chosen(last)).width).toBe(720);
});

test('photos in an article load as WebP at the width of the phone column once scrolled to', async ({ page }) => {
  await page.goto('/article/10');
  const photos = page.locator('.prose img');
  await expect(photos).toHaveCount(2);
  for (const photo of await photos.all()) {
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await chosen(photo)).width).toBe(720);
    expect((await chosen(photo)).src).toMatch(/\.webp$/);
  }
});

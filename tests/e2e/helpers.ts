import type { Page } from '@playwright/test';

/** Resolves once every island on the page has hydrated. */
export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((el) => !el.hasAttribute('ssr')));
}

/** A header menu link, by its visible text. */
export const menuLink = (page: Page, name: string) => page.locator('#site-header nav.menu').getByRole('link', { name, exact: true });

import type { Page } from '@playwright/test';

/** Resolves once every island that does not wait to be scrolled into view has hydrated. */
export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((el) => !el.hasAttribute('ssr') || el.getAttribute('client') === 'visible'),
  );
}

/** A header menu link, by its visible text. */
export const menuLink = (page: Page, name: string) => page.locator('#site-header nav.menu').getByRole('link', { name, exact: true });

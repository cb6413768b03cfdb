import { decodeStored, encodeStored } from '../lib/browser/storage';
import { isTheme, THEME_COLORS, THEME_STORAGE_KEY, themeForHour, type Theme } from '../lib/browser/theme';

/** The theme on screen: the inline boot script sets it before paint and again after every navigation. */
export function readTheme(): Theme {
  const attr = document.documentElement.getAttribute('data-theme');
  if (isTheme(attr)) return attr;
  return decodeStored(localStorage.getItem(THEME_STORAGE_KEY), themeForHour(new Date().getHours()), isTheme);
}

/** Applies and remembers the reader's choice. */
export function setTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, encodeStored(theme));
  } catch {
    // Private mode or a full quota: the choice still holds for this page.
  }
}

/** Read from the page, not kept in a store: the header may hydrate long after the boot script chose. */
export function toggleTheme(): void {
  setTheme(readTheme() === 'dark' ? 'light' : 'dark');
}

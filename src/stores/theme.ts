import { atom } from 'nanostores';
import { decodeStored, encodeStored } from '../lib/browser/storage';
import { isTheme, THEME_COLORS, THEME_STORAGE_KEY, themeForHour, type Theme } from '../lib/browser/theme';

/** The theme on screen. The inline boot script sets it before paint; this store follows it. */
export const $theme = atom<Theme>('light');

export function readTheme(): Theme {
  const attr = document.documentElement.getAttribute('data-theme');
  if (isTheme(attr)) return attr;
  return decodeStored(localStorage.getItem(THEME_STORAGE_KEY), themeForHour(new Date().getHours()), isTheme);
}

export function syncTheme(): void {
  $theme.set(readTheme());
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
  $theme.set(theme);
}

export function toggleTheme(): void {
  setTheme($theme.get() === 'dark' ? 'light' : 'dark');
}

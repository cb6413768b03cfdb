export type Theme = 'light' | 'dark';

/** Light from 08:00 until 18:00, dark otherwise, when the reader has not chosen. */
export const LIGHT_FROM_HOUR = 8;
export const LIGHT_UNTIL_HOUR = 18;
export const THEME_STORAGE_KEY = 'mainTheme';
/** The browser's bar colour for each theme: the page background of tokens.scss. */
export const THEME_COLORS: Record<Theme, string> = { light: '#f4f5f7', dark: '#14161a' };

export function themeForHour(hour: number): Theme {
  return hour >= LIGHT_FROM_HOUR && hour < LIGHT_UNTIL_HOUR ? 'light' : 'dark';
}

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

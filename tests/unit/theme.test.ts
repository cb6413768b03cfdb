import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { encodeStored } from '../../src/lib/browser/storage';
import { pageBootScript } from '../../src/lib/browser/pageBoot';
import { THEME_COLORS, THEME_STORAGE_KEY, themeForHour } from '../../src/lib/browser/theme';

describe('themeForHour', () => {
  it.each([
    [0, 'dark'],
    [7, 'dark'],
    [8, 'light'],
    [12, 'light'],
    [17, 'light'],
    [18, 'dark'],
    [23, 'dark'],
  ])('hour %i is %s', (hour, theme) => expect(themeForHour(hour)).toBe(theme));
});

/** Runs the inline boot script in a sandbox with a fake clock and storage; answers the theme and the bar colour it set. */
function boot(hour: number, stored: string | null, playerFold = false): { theme: string | null; color: string | null } {
  let applied: string | null = null;
  let color: string | null = null;
  const RealDate = Date;
  const FakeDate = class extends RealDate {
    getHours() {
      return hour;
    }
  };
  runInNewContext(pageBootScript({ playerFold }), {
    Date: FakeDate,
    localStorage: { getItem: (key: string) => (key === THEME_STORAGE_KEY ? stored : null) },
    document: {
      documentElement: { setAttribute: (_: string, v: string) => (applied = v), toggleAttribute: () => {}, style: {} },
      addEventListener: () => {},
      querySelector: (selector: string) =>
        /^meta\[name="?theme-color"?\]$/.test(selector)
          ? { setAttribute: (_: string, v: string) => (color = v) }
          : null,
    },
  });
  return { theme: applied, color };
}
const bootTheme = (hour: number, stored: string | null) => boot(hour, stored).theme;

describe('the boot script sets the theme', () => {
  it('follows themeForHour when nothing is saved', () => {
    for (let hour = 0; hour < 24; hour++) expect(bootTheme(hour, null)).toBe(themeForHour(hour));
  });
  it('sets it the same with the music player’s fold read beside it', () => {
    for (let hour = 0; hour < 24; hour++) expect(boot(hour, null, true).theme).toBe(themeForHour(hour));
    expect(boot(12, encodeStored('dark'), true).theme).toBe('dark');
  });
  it('prefers the saved theme', () => {
    expect(bootTheme(12, encodeStored('dark'))).toBe('dark');
    expect(bootTheme(23, encodeStored('light'))).toBe('light');
  });
  it('colours the browser bar for the theme it applied, not for the system setting', () => {
    expect(boot(23, null).color).toBe(THEME_COLORS.dark);
    expect(boot(12, null).color).toBe(THEME_COLORS.light);
    expect(boot(12, encodeStored('dark')).color).toBe(THEME_COLORS.dark);
  });
  it('ignores a corrupt saved value', () => {
    expect(bootTheme(12, '%%%not-base64')).toBe('light');
    expect(bootTheme(12, encodeStored('purple'))).toBe('light');
  });
});

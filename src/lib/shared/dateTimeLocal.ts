/** The console's date and time picker and the site's Beijing wall clock; apart from time.ts so readers' pages never carry them. */
import { formatDateTime, parseSiteDate, WALL_CLOCK } from './time.ts';

/**
 * The value of an `<input type="datetime-local" step="1">` for a front-matter date. The picker has
 * no zone of its own: it shows the site's wall clock digits as they are, so what the owner picks is
 * Beijing time whatever zone the browser runs in (never `new Date(value)`, which reads the browser's).
 */
export function toDateTimeLocal(siteDate: string): string {
  const m = WALL_CLOCK.exec(siteDate.trim());
  if (!m) return '';
  const [, year, month, day, hour = '00', minute = '00', second = '00'] = m;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}`;
}

/** Back from the picker: "2026-03-14T10:20" or "…:05" → "2026-03-14 10:20:00"; empty stays empty (now). */
export function fromDateTimeLocal(value: string): string {
  const m = WALL_CLOCK.exec(value.trim());
  if (!m) return '';
  const [, year, month, day, hour = '00', minute = '00', second = '00'] = m;
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

/**
 * The same instant on another zone's clock ("2026-03-14 04:20:00" in Europe/Berlin for 10:20 in
 * Beijing), or null when that clock shows the site's digits, or the date cannot be read.
 */
export function wallClockIn(siteDate: string, timeZone: string): string | null {
  const date = parseSiteDate(siteDate);
  if (!date) return null;
  const there = formatDateTime(date, timeZone);
  return there === formatDateTime(date) ? null : there;
}

/**
 * Dates in the site's time zone. Front matter says "2025-03-14 10:20" meaning the owner's wall
 * clock, and readers expect to see the same digits, whatever zone the build machine runs in.
 */
export const SITE_TIME_ZONE = 'Asia/Shanghai';

export const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(date: Date, timeZone: string): WallClock {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, Number(p.value)]));
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** The instant at which the given zone's clock shows these digits. */
export function fromWallClock(clock: WallClock, timeZone = SITE_TIME_ZONE): Date {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const shown = partsIn(new Date(asUtc), timeZone);
  const offset = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second) - asUtc;
  return new Date(asUtc - offset);
}

/**
 * Front-matter dates: "YYYY-MM-DD[ HH:mm[:ss]]" strings, or the Date YAML makes of an unquoted
 * one (YAML reads it as UTC digits), are taken as the site's wall clock. Anything else is null.
 */
export function parseSiteDate(value: string | Date, timeZone = SITE_TIME_ZONE): Date | null {
  if (value instanceof Date) {
    if (Number.isNaN(+value)) return null;
    return fromWallClock(
      {
        year: value.getUTCFullYear(),
        month: value.getUTCMonth() + 1,
        day: value.getUTCDate(),
        hour: value.getUTCHours(),
        minute: value.getUTCMinutes(),
        second: value.getUTCSeconds(),
      },
      timeZone,
    );
  }
  const m = WALL_CLOCK.exec(value.trim());
  if (!m) {
    const explicit = new Date(value);
    return /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) && !Number.isNaN(+explicit) ? explicit : null;
  }
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = m;
  const clock = { year: +year, month: +month, day: +day, hour: +hour, minute: +minute, second: +second };
  if (
    clock.month < 1 ||
    clock.month > 12 ||
    clock.day < 1 ||
    clock.day > 31 ||
    clock.hour > 23 ||
    clock.minute > 59 ||
    clock.second > 59
  )
    return null;
  return fromWallClock(clock, timeZone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2025-03-14" on the site's calendar. */
export function formatDate(date: Date, timeZone = SITE_TIME_ZONE): string {
  const c = partsIn(date, timeZone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** "20250314", the site's date in an order number. */
export function compactDate(date: Date, timeZone = SITE_TIME_ZONE): string {
  return formatDate(date, timeZone).replaceAll('-', '');
}

/** "2025-03-14 10:20:00", the API's time format. */
export function formatDateTime(date: Date, timeZone = SITE_TIME_ZONE): string {
  const c = partsIn(date, timeZone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

export function yearOf(date: Date, timeZone = SITE_TIME_ZONE): number {
  return partsIn(date, timeZone).year;
}

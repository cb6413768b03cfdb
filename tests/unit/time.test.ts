import { describe, expect, it } from 'vitest';
import { fromDateTimeLocal, toDateTimeLocal, wallClockIn } from '../../src/lib/shared/dateTimeLocal';
import { formatDate, formatDateTime, parseSiteDate, yearOf } from '../../src/lib/shared/time';

describe('site dates', () => {
  it('reads a wall-clock string in the site zone (UTC+8)', () => {
    expect(parseSiteDate('2025-03-14 10:20:00')!.toISOString()).toBe('2025-03-14T02:20:00.000Z');
    expect(parseSiteDate('2025-03-14')!.toISOString()).toBe('2025-03-13T16:00:00.000Z');
  });
  it('reads the UTC digits YAML gives an unquoted date as the wall clock too', () => {
    expect(parseSiteDate(new Date('2025-03-14T10:20:00Z'))!.toISOString()).toBe('2025-03-14T02:20:00.000Z');
  });
  it('honours an explicit offset and rejects nonsense', () => {
    expect(parseSiteDate('2025-03-14T10:20:00Z')!.toISOString()).toBe('2025-03-14T10:20:00.000Z');
    expect(parseSiteDate('2025-13-01')).toBeNull();
    expect(parseSiteDate('昨天')).toBeNull();
  });
  it('formats back to the same digits, whatever the machine zone', () => {
    const date = parseSiteDate('2025-12-31 23:30:05')!;
    expect(formatDateTime(date)).toBe('2025-12-31 23:30:05');
    expect(formatDate(date)).toBe('2025-12-31');
    expect(yearOf(date)).toBe(2025);
  });
});

describe("the editor's date and time picker", () => {
  it("shows the front matter's Beijing digits as they are, a date alone at midnight", () => {
    expect(toDateTimeLocal('2025-03-14 10:20:05')).toBe('2025-03-14T10:20:05');
    expect(toDateTimeLocal('2025-03-14 10:20')).toBe('2025-03-14T10:20:00');
    expect(toDateTimeLocal('2025-03-14')).toBe('2025-03-14T00:00:00');
    expect(toDateTimeLocal('')).toBe('');
    expect(toDateTimeLocal('明天')).toBe('');
  });
  it("gives back the server's format, seconds or not; cleared is now", () => {
    expect(fromDateTimeLocal('2025-03-14T10:20')).toBe('2025-03-14 10:20:00');
    expect(fromDateTimeLocal('2025-03-14T10:20:05')).toBe('2025-03-14 10:20:05');
    expect(fromDateTimeLocal('')).toBe('');
  });
  it('says what the picked Beijing time is on another clock, and nothing where the digits are the same', () => {
    expect(wallClockIn('2025-03-14 10:20:00', 'Europe/Berlin')).toBe('2025-03-14 03:20:00');
    expect(wallClockIn('2025-07-14 10:20:00', 'Europe/Berlin')).toBe('2025-07-14 04:20:00');
    expect(wallClockIn('2025-03-14 01:00:00', 'America/New_York')).toBe('2025-03-13 13:00:00');
    expect(wallClockIn('2025-03-14 10:20:00', 'Asia/Shanghai')).toBeNull();
    expect(wallClockIn('2025-03-14 10:20:00', 'Asia/Taipei')).toBeNull();
    expect(wallClockIn('', 'Europe/Berlin')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
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

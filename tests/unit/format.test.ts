import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/lib/browser/format';
import { relativeTime } from '../../src/lib/browser/relativeTime';

describe('relativeTime', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  const ago = (ms: number) => new Date(+now - ms);
  it('uses seconds under a minute', () => {
    expect(relativeTime(ago(0), now)).toBe('0秒前');
    expect(relativeTime(ago(59_999), now)).toBe('59秒前');
  });
  it('uses minutes under an hour', () => {
    expect(relativeTime(ago(60_000), now)).toBe('1分钟前');
    expect(relativeTime(ago(3_599_999), now)).toBe('59分钟前');
  });
  it('uses hours under a day', () => {
    expect(relativeTime(ago(3_600_000), now)).toBe('1小时前');
    expect(relativeTime(ago(86_399_999), now)).toBe('23小时前');
  });
  it('uses days beyond', () => {
    expect(relativeTime(ago(86_400_000), now)).toBe('1天前');
    expect(relativeTime(ago(40 * 86_400_000), now)).toBe('40天前');
  });
  it('never says a future time is negative', () => {
    expect(relativeTime(new Date(+now + 5000), now)).toBe('0秒前');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0k'],
    [1250, '1.2k'],
    [9999, '9.9k'],
    [10000, '1.0w'],
    [123456, '12.3w'],
  ])('%i → %s', (n, text) => expect(formatCount(n)).toBe(text));
});

import { formatDuration } from '../../src/lib/browser/format';

describe('formatDuration', () => {
  it.each([
    [0, '0秒'],
    [999, '0秒'],
    [1_000, '1秒'],
    [59_999, '59秒'],
    [60_000, '1分钟'],
    [3_599_999, '59分钟'],
    [3_600_000, '1.0小时'],
    [12_600_000, '3.5小时'],
    [12_959_999, '3.5小时'],
  ])('%i ms → %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

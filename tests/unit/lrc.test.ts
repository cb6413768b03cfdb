import { describe, expect, it } from 'vitest';
import { currentLyricIndex, parseLrc } from '../../src/lib/browser/lrc';

describe('parseLrc', () => {
  it('reads every time-tag form', () => {
    const lines = parseLrc('[00:01]一\n[00:02.5]二\n[00:03.25]三\n[00:04.125]四\n[00:05:50]五');
    expect(lines).toEqual([
      { time: 1000, text: '一' },
      { time: 2500, text: '二' },
      { time: 3250, text: '三' },
      { time: 4125, text: '四' },
      { time: 5500, text: '五' },
    ]);
  });

  it('expands several tags on one line and sorts by time', () => {
    expect(parseLrc('[00:10.00][00:02.00]副歌\n[00:05.00]主歌')).toEqual([
      { time: 2000, text: '副歌' },
      { time: 5000, text: '主歌' },
      { time: 10_000, text: '副歌' },
    ]);
  });

  it('handles minutes of 100 or more', () => {
    expect(parseLrc('[123:04.50]很长的歌')[0].time).toBe(123 * 60_000 + 4500);
  });

  it('applies the offset tag', () => {
    expect(parseLrc('[offset:+500]\n[00:02.00]早一点').map((l) => l.time)).toEqual([1500]);
    expect(parseLrc('[offset:-250]\n[00:02.00]晚一点').map((l) => l.time)).toEqual([2250]);
  });

  it('skips metadata tags and JSON credit lines, keeps empty lines as pauses', () => {
    const text = [
      '[ti:歌名]',
      '[ar:歌手]',
      '[al:专辑]',
      '[by:制作]',
      '{"t":0,"c":[{"tx":"作词: "},{"tx":"某人"}]}',
      '[00:01.00]第一句',
      '[00:04.00]',
      '[00:06.00]第二句',
    ].join('\n');
    expect(parseLrc(text)).toEqual([
      { time: 1000, text: '第一句' },
      { time: 4000, text: '' },
      { time: 6000, text: '第二句' },
    ]);
  });

  it('accepts Windows line endings and returns nothing for empty input', () => {
    expect(parseLrc('[00:01.00]a\r\n[00:02.00]b')).toHaveLength(2);
    expect(parseLrc('')).toEqual([]);
  });
});

describe('currentLyricIndex', () => {
  const times = [0, 1000, 2500, 4000];
  it('is the last line whose time is not later than now', () => {
    expect(currentLyricIndex(times, 0)).toBe(0);
    expect(currentLyricIndex(times, 999)).toBe(0);
    expect(currentLyricIndex(times, 1000)).toBe(1);
    expect(currentLyricIndex(times, 9999)).toBe(3);
    expect(currentLyricIndex([500], 100)).toBe(-1);
    expect(currentLyricIndex([], 100)).toBe(-1);
  });
});

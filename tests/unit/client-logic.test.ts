import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../src/lib/highlight';
import { createReadingTimer, splitSeconds } from '../../src/lib/readingTimer';
import { addSearchTerm } from '../../src/lib/searchHistory';

describe('search history', () => {
  it('adds new terms at the end and ignores repeats and blanks', () => {
    expect(addSearchTerm(['a'], 'b')).toEqual(['a', 'b']);
    expect(addSearchTerm(['a', 'b'], 'a')).toEqual(['a', 'b']);
    expect(addSearchTerm(['a'], '  ')).toEqual(['a']);
  });
  it('keeps at most 10, dropping the oldest', () => {
    let history: string[] = [];
    for (let i = 1; i <= 11; i++) history = addSearchTerm(history, `词${i}`);
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('词2');
    expect(history.at(-1)).toBe('词11');
  });
});

describe('highlightParts', () => {
  it('marks every case-insensitive occurrence', () => {
    expect(highlightParts('React 与 react hooks', 'REACT')).toEqual([
      { text: 'React', match: true },
      { text: ' 与 ', match: false },
      { text: 'react', match: true },
      { text: ' hooks', match: false },
    ]);
  });
  it('leaves text without the keyword whole', () => {
    expect(highlightParts('数据库', '缓存')).toEqual([{ text: '数据库', match: false }]);
    expect(highlightParts('数据库', '')).toEqual([{ text: '数据库', match: false }]);
  });
});

describe('reading timer', () => {
  it('counts only while visible and on screen', () => {
    const timer = createReadingTimer(0, { visible: true, onScreen: true });
    timer.setVisible(false, 5_000);
    timer.setVisible(true, 65_000);
    timer.setOnScreen(false, 68_500);
    timer.setOnScreen(true, 100_000);
    expect(timer.take(101_000)).toBe(5 + 3 + 1);
  });
  it('keeps the fraction for the next take', () => {
    const timer = createReadingTimer(0, { onScreen: true });
    expect(timer.take(1_700)).toBe(1);
    expect(timer.take(2_400)).toBe(1);
    expect(timer.take(2_500)).toBe(0);
  });
  it('does not run before the article is on screen', () => {
    const timer = createReadingTimer(0);
    expect(timer.take(10_000)).toBe(0);
  });
  it('splits long reads into calls of at most 3600 seconds', () => {
    expect(splitSeconds(0)).toEqual([]);
    expect(splitSeconds(3600)).toEqual([3600]);
    expect(splitSeconds(7300)).toEqual([3600, 3600, 100]);
  });
});

import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../src/lib/browser/highlight';
import { createReadingTimer, splitReading } from '../../src/lib/browser/readingTimer';
import { addSearchTerm } from '../../src/lib/browser/searchHistory';
import { isSearchShortcut } from '../../src/lib/browser/searchShortcut';

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

describe('the search shortcut', () => {
  const press = (
    key: string,
    keys: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; typing: boolean }> = {},
  ) => isSearchShortcut({ key, ctrlKey: false, metaKey: false, altKey: false, typing: false, ...keys });
  it('is / on the page, and Ctrl+K or ⌘K anywhere, typing or not', () => {
    expect(press('/')).toBe(true);
    expect(press('k', { ctrlKey: true })).toBe(true);
    expect(press('K', { metaKey: true, typing: true })).toBe(true);
  });
  it('is not / typed into a field, or pressed with a modifier, nor K alone', () => {
    expect(press('/', { typing: true })).toBe(false);
    expect(press('/', { ctrlKey: true })).toBe(false);
    expect(press('/', { altKey: true })).toBe(false);
    expect(press('k')).toBe(false);
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
  it('counts milliseconds only while visible and on screen', () => {
    const timer = createReadingTimer(0, { visible: true, onScreen: true });
    timer.setVisible(false, 5_000);
    timer.setVisible(true, 65_000);
    timer.setOnScreen(false, 68_500);
    timer.setOnScreen(true, 100_000);
    expect(timer.take(101_250)).toBe(5_000 + 3_500 + 1_250);
  });
  it('keeps the fraction of a millisecond for the next take', () => {
    const timer = createReadingTimer(0.25, { onScreen: true });
    expect(timer.take(1_700.5)).toBe(1_700);
    expect(timer.take(2_701)).toBe(1_000);
    expect(timer.take(3_701.75)).toBe(1_001);
  });
  it('holds back less than a second until there is more', () => {
    const timer = createReadingTimer(0, { onScreen: true });
    expect(timer.take(999)).toBe(0);
    expect(timer.take(1_500)).toBe(1_500);
    expect(timer.take(1_501)).toBe(0);
  });
  it('does not run before the article is on screen', () => {
    const timer = createReadingTimer(0);
    expect(timer.take(10_000)).toBe(0);
  });
  it('splits long reads into calls of at most an hour', () => {
    expect(splitReading(0)).toEqual([]);
    expect(splitReading(1)).toEqual([1]);
    expect(splitReading(3_600_000)).toEqual([3_600_000]);
    expect(splitReading(7_300_000.9)).toEqual([3_600_000, 3_600_000, 100_000]);
  });
});

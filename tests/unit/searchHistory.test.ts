import { describe, expect, it } from 'vitest';
import { historyAfter, SEARCH_HISTORY_CAP } from '../../src/lib/browser/searchHistory';

describe('historyAfter', () => {
  it('leaves the history alone when a keyword merely outlasted the typing pause', () => {
    let history = ['Astro'];
    for (const term of ['R', 'Re', 'Rea', 'React']) history = historyAfter(history, { kind: 'answered', term });
    expect(history).toEqual(['Astro']);
  });

  it('keeps a search submitted with Enter', () => {
    expect(historyAfter(['Astro'], { kind: 'submitted', term: ' React ' })).toEqual(['Astro', 'React']);
  });

  it('keeps the search whose result the reader opened', () => {
    expect(historyAfter([], { kind: 'opened', term: 'SQLite' })).toEqual(['SQLite']);
  });

  it('adds a chosen search once and never a blank one', () => {
    expect(historyAfter(['React'], { kind: 'opened', term: 'React' })).toEqual(['React']);
    expect(historyAfter(['React'], { kind: 'submitted', term: '   ' })).toEqual(['React']);
  });

  it('drops the oldest beyond the cap', () => {
    const full = Array.from({ length: SEARCH_HISTORY_CAP }, (_, i) => `词${i}`);
    const after = historyAfter(full, { kind: 'submitted', term: '新词' });
    expect(after).toHaveLength(SEARCH_HISTORY_CAP);
    expect(after[0]).toBe('词1');
    expect(after.at(-1)).toBe('新词');
  });
});

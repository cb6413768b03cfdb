import { describe, expect, it } from 'vitest';
import {
  addToList, defaultPlaylistIndex, formatPlayTime, lyricFade, nextPlayModel, percentAtTime, removeFromList, sliderFromVolume,
  stepBrightness, stepIndex, timeAtPercent, volumeFromSlider,
} from '../../src/lib/player';

describe('play modes', () => {
  it('cycles RANDOM → LISTLOOP → SINGLECYCLE → RANDOM', () => {
    expect(nextPlayModel('RANDOM')).toBe('LISTLOOP');
    expect(nextPlayModel('LISTLOOP')).toBe('SINGLECYCLE');
    expect(nextPlayModel('SINGLECYCLE')).toBe('RANDOM');
  });

  it('list loop wraps forward to the start and backward to the end', () => {
    expect(stepIndex('LISTLOOP', 4, 5, 1)).toBe(0);
    expect(stepIndex('LISTLOOP', 0, 5, -1)).toBe(4);
    expect(stepIndex('LISTLOOP', 2, 5, 1)).toBe(3);
  });

  it('single cycle stays on the same track', () => {
    expect(stepIndex('SINGLECYCLE', 2, 5, 1)).toBe(2);
    expect(stepIndex('SINGLECYCLE', 2, 5, -1)).toBe(2);
  });

  it('random draws again once when it hits the current song, and never returns it', () => {
    const draws = [0.4, 0.1];
    expect(stepIndex('RANDOM', 2, 5, 1, () => draws.shift()!)).toBe(0);
    expect(stepIndex('RANDOM', 2, 5, 1, () => 0.4)).toBe(3);
    for (let i = 0; i < 200; i++) expect(stepIndex('RANDOM', 1, 3, 1)).not.toBe(1);
  });

  it('copes with empty and single-song lists', () => {
    expect(stepIndex('RANDOM', 0, 0, 1)).toBe(-1);
    expect(stepIndex('RANDOM', 0, 1, 1)).toBe(0);
  });
});

describe('volume, progress and time', () => {
  it('maps the 0–100 slider to 0–1 with two decimals', () => {
    expect(volumeFromSlider(50)).toBe(0.5);
    expect(volumeFromSlider(33.333)).toBe(0.33);
    expect(volumeFromSlider(150)).toBe(1);
    expect(volumeFromSlider(-3)).toBe(0);
    expect(sliderFromVolume(0.37)).toBe(37);
  });
  it('converts between percent and seconds', () => {
    expect(timeAtPercent(50, 200)).toBe(100);
    expect(timeAtPercent(10, NaN)).toBe(0);
    expect(percentAtTime(30, 120)).toBe(25);
    expect(formatPlayTime(187.9)).toBe('3:07');
  });
});

describe('lyric fades', () => {
  it('fades long lines in over 1.2 s and out over 0.3 s', () => {
    expect(lyricFade(1500)).toEqual({ fadeInMs: 1200, fadeOutMs: 300, hideAtMs: 1200 });
  });
  it('hides short lines about 200 ms before they end', () => {
    expect(lyricFade(1000)).toEqual({ fadeInMs: 0, fadeOutMs: 0, hideAtMs: 800 });
  });
});

describe('brightness', () => {
  it('moves in steps of 0.1 within 0.1 and 1', () => {
    expect(stepBrightness(0.3, 1)).toBe(0.4);
    expect(stepBrightness(0.3, -1)).toBe(0.2);
    expect(stepBrightness(0.1, -1)).toBe(0.1);
    expect(stepBrightness(1, 1)).toBe(1);
    let v = 0.3;
    for (let i = 0; i < 7; i++) v = stepBrightness(v, 1);
    expect(v).toBe(1);
  });
});

describe('custom list', () => {
  it('adds a song once and removes by id', () => {
    const first = addToList([], { id: 1 });
    expect(first).toEqual({ list: [{ id: 1 }], added: true });
    expect(addToList(first.list, { id: 1 })).toEqual({ list: [{ id: 1 }], added: false });
    expect(removeFromList([{ id: 1 }, { id: 2 }], 1)).toEqual([{ id: 2 }]);
  });
  it('picks the 4th playlist by default, or the last', () => {
    expect(defaultPlaylistIndex(6)).toBe(3);
    expect(defaultPlaylistIndex(3)).toBe(2);
    expect(defaultPlaylistIndex(0)).toBe(-1);
  });
});

import { artistNames } from '../../src/lib/player';

describe('artistNames', () => {
  it('joins names and falls back when the artist is missing', () => {
    expect(artistNames([{ name: '甲' }, { name: '乙' }])).toBe('甲 / 乙');
    expect(artistNames([])).toBe('歌手走丢了');
    expect(artistNames([{ name: '' }])).toBe('歌手走丢了');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  hasSavedSong,
  addToList,
  defaultPlaylistIndex,
  formatPlayTime,
  lineHideDelay,
  lyricFade,
  mediaPosition,
  neighbourStep,
  nextPlayModel,
  percentAtTime,
  removeFromList,
  sliderFromVolume,
  stepBrightness,
  stepIndex,
  timeAtPercent,
  volumeFromSlider,
  type NeighbourQuery,
} from '../../src/lib/browser/player';

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

describe('next, previous and the end of a song', () => {
  const query = (over: Partial<NeighbourQuery>): NeighbourQuery => ({
    model: 'LISTLOOP',
    current: 1,
    length: 4,
    direction: 1,
    loaded: true,
    ...over,
  });

  it('single cycle starts the same song over, by the button or at its end, in either direction', () => {
    expect(neighbourStep(query({ model: 'SINGLECYCLE' }))).toEqual({ kind: 'restart' });
    expect(neighbourStep(query({ model: 'SINGLECYCLE', direction: -1 }))).toEqual({ kind: 'restart' });
  });

  it('single cycle repeats a song that is no longer in the active list', () => {
    expect(neighbourStep(query({ model: 'SINGLECYCLE', current: -1 }))).toEqual({ kind: 'restart' });
    expect(neighbourStep(query({ model: 'SINGLECYCLE', current: -1, length: 0 }))).toEqual({ kind: 'restart' });
  });

  it('list loop plays the neighbour, wrapping at both ends', () => {
    expect(neighbourStep(query({}))).toEqual({ kind: 'play', index: 2 });
    expect(neighbourStep(query({ current: 3 }))).toEqual({ kind: 'play', index: 0 });
    expect(neighbourStep(query({ current: 0, direction: -1 }))).toEqual({ kind: 'play', index: 3 });
  });

  it('random plays another song, and a one-song list starts over', () => {
    expect(neighbourStep(query({ model: 'RANDOM', random: () => 0.9 }))).toEqual({ kind: 'play', index: 3 });
    expect(neighbourStep(query({ model: 'RANDOM', current: 0, length: 1 }))).toEqual({ kind: 'restart' });
  });

  it('starts a list that does not hold the song at its first song forward and its last backward', () => {
    expect(neighbourStep(query({ current: -1 }))).toEqual({ kind: 'play', index: 0 });
    expect(neighbourStep(query({ current: -1, direction: -1 }))).toEqual({ kind: 'play', index: 3 });
    expect(neighbourStep(query({ model: 'SINGLECYCLE', current: -1, loaded: false }))).toEqual({
      kind: 'play',
      index: 0,
    });
    expect(neighbourStep(query({ current: -1, length: 0, loaded: false }))).toEqual({ kind: 'none' });
  });

  it('is the only place the playback store learns what a play mode does', () => {
    // A mode named in the store would be a rule decided there, before the one above is asked.
    const store = readFileSync(new URL('../../src/stores/playback.ts', import.meta.url), 'utf8');
    expect(store).toMatch(/neighbourStep\(/);
    expect(store).not.toMatch(/RANDOM|LISTLOOP|SINGLECYCLE|stepIndex/);
  });
});

describe('the lock screen position', () => {
  it('passes a known duration and clamps the position into it', () => {
    expect(mediaPosition(120, 30)).toEqual({ duration: 120, position: 30, playbackRate: 1 });
    expect(mediaPosition(120, 130, 1.5)).toEqual({ duration: 120, position: 120, playbackRate: 1.5 });
    expect(mediaPosition(120, -2)).toEqual({ duration: 120, position: 0, playbackRate: 1 });
    expect(mediaPosition(120, NaN)).toEqual({ duration: 120, position: 0, playbackRate: 1 });
  });

  it('gives nothing while the duration is unknown, endless or zero, or the rate is not positive', () => {
    for (const duration of [NaN, Infinity, 0, -1]) expect(mediaPosition(duration, 0)).toBeNull();
    expect(mediaPosition(120, 3, 0)).toBeNull();
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
  it('counts the time until a line hides from where the line started, not from when the board showed it', () => {
    expect(lineHideDelay(2200, 10_000, 10_000)).toBe(2200);
    expect(lineHideDelay(2200, 10_000, 11_500)).toBe(700);
    expect(lineHideDelay(2200, 10_000, 13_000)).toBe(0);
    expect(lineHideDelay(2200, 10_000, 9_900)).toBe(2200);
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

import { artistNames } from '../../src/lib/browser/player';

describe('artistNames', () => {
  it('joins names and falls back when the artist is missing', () => {
    expect(artistNames([{ name: '甲' }, { name: '乙' }])).toBe('甲 / 乙');
    expect(artistNames([])).toBe('歌手走丢了');
    expect(artistNames([{ name: '' }])).toBe('歌手走丢了');
  });
});

describe('a saved player state', () => {
  it('holds a song when it names one, so the player wakes after a reload', () => {
    expect(
      hasSavedSong(JSON.stringify({ musicDescription: { name: '露水', ar: [], al: { picUrl: '' } }, isPaused: true })),
    ).toBe(true);
  });
  it('holds none when it has no song, is missing or is not JSON', () => {
    expect(hasSavedSong(JSON.stringify({ musicDescription: null, volume: 0.3 }))).toBe(false);
    expect(hasSavedSong(JSON.stringify('text'))).toBe(false);
    expect(hasSavedSong('null')).toBe(false);
    expect(hasSavedSong(null)).toBe(false);
    expect(hasSavedSong('{broken')).toBe(false);
  });
});

/** The music player's rules (SPEC section 4), free of the DOM so they can be tested. */
export const PLAY_MODELS = ['RANDOM', 'LISTLOOP', 'SINGLECYCLE'] as const;
export type PlayModel = (typeof PLAY_MODELS)[number];
export type PlayType = 'TOP' | 'CUSTOM';
export type LyricType = 'COMMON' | 'SPECIAL';

export const DEFAULT_VOLUME = 0.5;
export const SEARCH_PAGE_SIZE = 20;
export const PLAYLIST_PAGE_SIZE = 30;
export const PROGRESS_DRAG_RESET_MS = 200;
export const LYRIC_CLICK_RESET_MS = 100;
export const SPECIAL_TITLE_HIDE_MS = 3600;
export const DEFAULT_PLAYLIST_INDEX = 3;

/** RANDOM → LISTLOOP → SINGLECYCLE → RANDOM. */
export function nextPlayModel(model: PlayModel): PlayModel {
  return PLAY_MODELS[(PLAY_MODELS.indexOf(model) + 1) % PLAY_MODELS.length];
}

/**
 * The index to play after (direction 1) or before (-1) the current one.
 * Random draws again once if it hits the current song, and never settles on it.
 */
export function stepIndex(model: PlayModel, current: number, length: number, direction: 1 | -1, random: () => number = Math.random): number {
  if (length <= 0) return -1;
  if (model === 'SINGLECYCLE') return Math.min(Math.max(current, 0), length - 1);
  if (model === 'LISTLOOP' || length === 1) return (((current + direction) % length) + length) % length;
  let pick = Math.floor(random() * length);
  if (pick === current) pick = Math.floor(random() * length);
  return pick === current ? (current + 1) % length : pick;
}

/** The volume slider's 0–100 as the audio element's 0–1, to two decimals. */
export function volumeFromSlider(value: number): number {
  return Math.round(Math.min(100, Math.max(0, value))) / 100;
}

export const sliderFromVolume = (volume: number) => Math.round(volume * 100);

/** A lyric line's animation in special mode: long lines fade in and out; short ones just hide early. */
export function lyricFade(durationMs: number): { fadeInMs: number; fadeOutMs: number; hideAtMs: number } {
  if (durationMs >= 1500) return { fadeInMs: 1200, fadeOutMs: 300, hideAtMs: Math.max(0, durationMs - 300) };
  return { fadeInMs: 0, fadeOutMs: 0, hideAtMs: Math.max(0, durationMs - 200) };
}

export const BRIGHTNESS_DEFAULT = 0.3;
export const BRIGHTNESS_MIN = 0.1;
export const BRIGHTNESS_MAX = 1;

/** The special mode's dimming mask, in steps of 0.1 between 0.1 and 1. */
export function stepBrightness(value: number, direction: 1 | -1): number {
  const next = Math.round((value + direction * 0.1) * 10) / 10;
  return Math.min(BRIGHTNESS_MAX, Math.max(BRIGHTNESS_MIN, next));
}

export interface SongLike {
  id: number;
}

/** Adds a song once; a song already there changes nothing. */
export function addToList<T extends SongLike>(list: readonly T[], song: T): { list: T[]; added: boolean } {
  if (list.some((s) => s.id === song.id)) return { list: [...list], added: false };
  return { list: [...list, song], added: true };
}

export function removeFromList<T extends SongLike>(list: readonly T[], id: number): T[] {
  return list.filter((s) => s.id !== id);
}

/** Where a progress-bar percentage lands in seconds. */
export function timeAtPercent(percent: number, durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0;
  return (Math.min(100, Math.max(0, percent)) / 100) * durationSeconds;
}

export function percentAtTime(seconds: number, durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0;
  return Math.round((seconds / durationSeconds) * 1000) / 10;
}

/** "3:07" */
export function formatPlayTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The playlist category chosen by default: the 4th, or the last when there are fewer. */
export const defaultPlaylistIndex = (count: number) => (count === 0 ? -1 : Math.min(DEFAULT_PLAYLIST_INDEX, count - 1));

/** Artist names for display; none is the spec's "singer got lost". */
export function artistNames(artists: readonly { name: string }[]): string {
  return artists.map((a) => a.name).filter(Boolean).join(' / ') || '歌手走丢了';
}

/** The music player's rules, free of the DOM so they can be tested. */
import { t } from '../../i18n/zh-CN';

export const PLAY_MODELS = ['RANDOM', 'LISTLOOP', 'SINGLECYCLE'] as const;
export type PlayModel = (typeof PLAY_MODELS)[number];
export type PlayType = 'TOP' | 'CUSTOM';
export type LyricType = 'COMMON' | 'SPECIAL';

export const DEFAULT_VOLUME = 0.5;
/** Where the player keeps its state in session storage, so a reload brings it back. */
export const PLAYER_STORAGE_KEY = 'blogMusicPlayer';
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
 * Single cycle stays on the current one; random draws again once if it hits the current song,
 * and never settles on it.
 */
export function stepIndex(
  model: PlayModel,
  current: number,
  length: number,
  direction: 1 | -1,
  random: () => number = Math.random,
): number {
  if (length <= 0) return -1;
  if (model === 'SINGLECYCLE') return Math.min(Math.max(current, 0), length - 1);
  if (model === 'LISTLOOP' || length === 1) return (((current + direction) % length) + length) % length;
  let pick = Math.floor(random() * length);
  if (pick === current) pick = Math.floor(random() * length);
  return pick === current ? (current + 1) % length : pick;
}

/** What next, previous and the end of a song do: play another song of the list, start this one over, or nothing. */
export type NeighbourStep = { kind: 'play'; index: number } | { kind: 'restart' } | { kind: 'none' };

export interface NeighbourQuery {
  model: PlayModel;
  /** The playing song's index in the active list; -1 when it is not there. */
  current: number;
  length: number;
  direction: 1 | -1;
  /** A song is loaded, whether or not it is in the list. */
  loaded: boolean;
  random?: () => number;
}

/** The one place that decides next and previous, for the buttons, the media keys and a song that ended. */
export function neighbourStep({ model, current, length, direction, loaded, random }: NeighbourQuery): NeighbourStep {
  if (current >= 0 && current < length) {
    const index = stepIndex(model, current, length, direction, random);
    return index === current ? { kind: 'restart' } : { kind: 'play', index };
  }
  // Single cycle repeats the song playing, even one that is no longer in the active list.
  if (model === 'SINGLECYCLE' && loaded) return { kind: 'restart' };
  if (length <= 0) return { kind: 'none' };
  // Not in the list (it changed meanwhile): forward starts at its first song, back at its last.
  return { kind: 'play', index: direction === 1 ? 0 : length - 1 };
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

/** From now until a line hides: a board opened, or playback resumed, part-way through a line still hides it on time. */
export function lineHideDelay(hideAtMs: number, lineStartMs: number, nowMs: number): number {
  return Math.max(0, hideAtMs - Math.max(0, nowMs - lineStartMs));
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

/** Artist names for display, or a placeholder when there are none. */
export function artistNames(artists: readonly { name: string }[]): string {
  return (
    artists
      .map((a) => a.name)
      .filter(Boolean)
      .join(' / ') || t.player.lostArtist
  );
}

/**
 * The lock screen's position bar, or null while the duration is unknown (NaN before metadata,
 * Infinity for a stream): setPositionState throws on those, and on a position past the end.
 */
export function mediaPosition(
  durationSeconds: number,
  positionSeconds: number,
  playbackRate = 1,
): MediaPositionState | null {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  if (!Number.isFinite(playbackRate) || playbackRate <= 0) return null;
  const position = Number.isFinite(positionSeconds) ? Math.min(durationSeconds, Math.max(0, positionSeconds)) : 0;
  return { duration: durationSeconds, position, playbackRate };
}

/**
 * Whether a saved state holds a song: after a reload the disc shows it and the lock screen names
 * it, so the player hydrates when the page is idle instead of waiting for the reader.
 */
export function hasSavedSong(saved: string | null): boolean {
  if (!saved) return false;
  try {
    const state: unknown = JSON.parse(saved);
    return typeof state === 'object' && state !== null && !!(state as { musicDescription?: unknown }).musicDescription;
  } catch {
    return false;
  }
}

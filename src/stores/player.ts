/**
 * The music store: every field the player shows, persisted to session storage
 * so a reload brings back the same song, position and mode, paused until the reader presses play.
 */
import { map } from 'nanostores';
import type { Song } from '../client/music';
import {
  type LyricType,
  type PlayModel,
  type PlayType,
  DEFAULT_VOLUME,
  PLAYER_STORAGE_KEY,
} from '../lib/browser/player';

export interface MusicInfo {
  id: number;
  url: string;
  lyricList: string[];
  /** Milliseconds per line. */
  lyricTimeList: number[];
}

export interface MusicDescription {
  name: string;
  /** The album's name is ours, for the lock screen; the original front end's store has only the cover. */
  al: { picUrl: string; name?: string };
  ar: { name: string }[];
}

export interface PlayerState {
  volume: number;
  isPaused: boolean;
  /** Seconds. */
  currentTime: number;
  duration: number;
  musicInfo: MusicInfo | null;
  musicDescription: MusicDescription | null;
  lyricType: LyricType;
  showLyricBoard: boolean;
  lyricIndex: number;
  /** The panel is open (the disc shows only while it is not). */
  isShow: boolean;
  /** The cover is shown full screen on the lyric board. */
  isToggleImg: boolean;
  playType: PlayType;
  playModel: PlayModel;
  musicList: Song[];
  customerMusicList: Song[];
  /** Progress in percent. */
  currentSchedule: number;
  /** The reader is dragging the progress bar: playback must not move it. */
  isUseProgress: boolean;
  /** A lyric line was just clicked: the board must not scroll under the pointer. */
  isClickLyric: boolean;
}

export const INITIAL_PLAYER: PlayerState = {
  volume: DEFAULT_VOLUME,
  isPaused: true,
  currentTime: 0,
  duration: 0,
  musicInfo: null,
  musicDescription: null,
  lyricType: 'COMMON',
  showLyricBoard: false,
  lyricIndex: -1,
  isShow: false,
  isToggleImg: false,
  playType: 'TOP',
  playModel: 'RANDOM',
  musicList: [],
  customerMusicList: [],
  currentSchedule: 0,
  isUseProgress: false,
  isClickLyric: false,
};

/** What comes back after a reload: everything but overlays and transient flags, and always paused. */
export function restoredState(raw: string | null): PlayerState {
  if (!raw) return { ...INITIAL_PLAYER };
  try {
    const saved = JSON.parse(raw) as Partial<PlayerState>;
    return {
      ...INITIAL_PLAYER,
      ...saved,
      isPaused: true,
      isShow: false,
      showLyricBoard: false,
      isToggleImg: false,
      isUseProgress: false,
      isClickLyric: false,
    };
  } catch {
    return { ...INITIAL_PLAYER };
  }
}

function readSession(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(PLAYER_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const $player = map<PlayerState>(restoredState(readSession()));

let saveTimer: ReturnType<typeof setTimeout> | undefined;
if (typeof window !== 'undefined') {
  const save = () => {
    saveTimer = undefined;
    try {
      sessionStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify($player.get()));
    } catch {
      // Storage full or blocked: the player still works for this page.
    }
  };
  // Position changes several times a second; writing at most once a second is plenty.
  $player.listen(() => {
    saveTimer ??= setTimeout(save, 1000);
  });
  window.addEventListener('pagehide', () => {
    clearTimeout(saveTimer);
    save();
  });
}

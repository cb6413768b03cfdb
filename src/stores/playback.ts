/**
 * Playback actions on the one <audio> element the persisted player owns. The element's events
 * write back into $player, so the store always tells what is really playing. What the panel
 * changes without touching the element (overlays, the reader's own list) is in playerPanel.ts.
 */
import { bindSessionActions, showPlaybackState, showPosition, showSong } from '../client/mediaSession';
import { music, musicFailure, type Song } from '../client/music';
import { t } from '../i18n/zh-CN';
import { currentLyricIndex, parseLrc } from '../lib/browser/lrc';
import {
  artistNames,
  LYRIC_CLICK_RESET_MS,
  neighbourStep,
  nextPlayModel,
  percentAtTime,
  PROGRESS_DRAG_RESET_MS,
  timeAtPercent,
  volumeFromSlider,
  type PlayType,
} from '../lib/browser/player';
import { $player, type PlayerState } from './player';
import { showNotice } from './toast';
import { needsNetworkText } from '../i18n/needsNetwork.zh-CN';

const text = t.player;

let audio: HTMLAudioElement | null = null;
/** A restored position, applied once the restored song's metadata has loaded. */
let pendingSeek: number | null = null;

const set = $player.setKey;

function syncTime() {
  if (!audio || $player.get().isUseProgress) return;
  const { musicInfo } = $player.get();
  const time = audio.currentTime;
  set('currentTime', time);
  set('currentSchedule', percentAtTime(time, audio.duration));
  set('lyricIndex', musicInfo ? currentLyricIndex(musicInfo.lyricTimeList, time * 1000) : -1);
}

function reasonOf(error: MediaError | null): string {
  switch (error?.code) {
    case MediaError.MEDIA_ERR_NETWORK:
      return text.failureReasons.network;
    case MediaError.MEDIA_ERR_DECODE:
      return text.failureReasons.decode;
    case MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED:
      return text.failureReasons.unsupported;
    default:
      return text.failureReasons.unknown;
  }
}

/** The lock screen shows the store's song: restored, resumed or just started. */
function showSongOf({ musicDescription: song }: PlayerState = $player.get()): void {
  showSong(
    song ? { title: song.name, artist: artistNames(song.ar), album: song.al.name ?? '', cover: song.al.picUrl } : null,
  );
}

function showPositionOf(): void {
  if (audio) showPosition(audio.duration, audio.currentTime, audio.playbackRate);
}

/** Connects the element once; the player island persists, so this holds for the whole visit. */
export function attachAudio(element: HTMLAudioElement): () => void {
  audio = element;
  const state = $player.get();
  element.volume = state.volume;
  if (state.musicInfo) {
    element.src = state.musicInfo.url;
    pendingSeek = state.currentTime || null;
  }
  showSongOf(state);
  showPlaybackState(state.musicInfo ? 'paused' : 'none');
  const on: Record<string, () => void> = {
    timeupdate: syncTime,
    durationchange: () => {
      set('duration', Number.isFinite(element.duration) ? element.duration : 0);
      showPositionOf();
    },
    loadedmetadata: () => {
      if (pendingSeek !== null) element.currentTime = pendingSeek;
      pendingSeek = null;
    },
    seeked: showPositionOf,
    ratechange: showPositionOf,
    play: () => {
      element.preload = 'auto';
      set('isPaused', false);
      showSongOf();
      showPlaybackState('playing');
      showPositionOf();
    },
    pause: () => {
      set('isPaused', true);
      showPlaybackState('paused');
      showPositionOf();
    },
    ended: () => void playNeighbour(1),
    error: () => {
      set('isPaused', true);
      if (element.getAttribute('src')) showNotice(text.playFailed, text.cannotPlay(reasonOf(element.error)), 'error');
    },
  };
  for (const [event, handler] of Object.entries(on)) element.addEventListener(event, handler);
  return () => {
    for (const [event, handler] of Object.entries(on)) element.removeEventListener(event, handler);
    if (audio === element) audio = null;
  };
}

async function start(): Promise<void> {
  if (!audio) return;
  // The audio is streamed, never kept for offline reading: no network, no music.
  if (!navigator.onLine) {
    set('isPaused', true);
    return void showNotice(text.playFailed, needsNetworkText.music, 'info');
  }
  try {
    await audio.play();
  } catch (error) {
    set('isPaused', true);
    // Only a refusal is news here: a broken or missing file is told by the element's error event.
    if ((error as DOMException).name === 'NotAllowedError')
      showNotice(text.playFailed, text.autoplayBlocked, 'warning');
  }
}

let latestRequest = 0;

/** Plays a song from a list: a new song starts from 0 with no duration or lyric yet. */
export async function playSong(song: Song, from: PlayType): Promise<void> {
  const request = ++latestRequest;
  let url: string | null;
  let lyric: string;
  try {
    [url, lyric] = await Promise.all([music.url(song.id), music.lyric(song.id).catch(() => '')]);
  } catch (error) {
    if (request === latestRequest) showNotice(text.playFailed, musicFailure(error), 'error');
    return;
  }
  // Two quick clicks: only the song asked for last may start.
  if (request !== latestRequest) return;
  if (!url) return void showNotice(text.playFailed, text.unavailable, 'warning');
  const lines = parseLrc(lyric);
  $player.set({
    ...$player.get(),
    playType: from,
    musicInfo: { id: song.id, url, lyricList: lines.map((l) => l.text), lyricTimeList: lines.map((l) => l.time) },
    musicDescription: {
      name: song.name,
      al: { picUrl: song.al?.picUrl ?? '', name: song.al?.name ?? '' },
      ar: song.ar.map((a) => ({ name: a.name })),
    },
    duration: 0,
    lyricIndex: -1,
    currentTime: 0,
    currentSchedule: 0,
  });
  pendingSeek = null;
  if (!audio) return;
  audio.src = url;
  audio.currentTime = 0;
  showSongOf();
  await start();
}

/**
 * Resumes where it was; with nothing loaded, starts the current list, and with no list yet (a first
 * visit, the panel never opened) the category the panel opens on: ▶ always plays something.
 */
async function resume(): Promise<void> {
  const { musicInfo, musicList, playType, customerMusicList } = $player.get();
  if (!audio) return;
  if (!navigator.onLine) return void showNotice(text.playFailed, needsNetworkText.music, 'info');
  if (musicInfo) return start();
  const list = playType === 'CUSTOM' ? customerMusicList : musicList;
  if (list[0]) return playSong(list[0], playType);
  try {
    // Loaded when first needed: the panel's browsing is no part of the disc every page loads.
    const { openCategorySongs } = await import('./musicBrowse');
    const songs = await openCategorySongs();
    if (!songs[0]) return void showNotice(text.playFailed, text.serviceDown, 'error');
    // Another choice may have been made while the category loaded: it wins.
    if (!$player.get().musicInfo) await playFromList(songs[0], songs);
  } catch (error) {
    showNotice(text.playFailed, musicFailure(error), 'error');
  }
}

export async function togglePlay(): Promise<void> {
  if (audio && !audio.paused) audio.pause();
  else await resume();
}

/** Next (1) or previous (-1), and what follows a song that ended: the play mode's rule decides. */
export async function playNeighbour(direction: 1 | -1): Promise<void> {
  const { playType, musicList, customerMusicList, musicInfo, playModel } = $player.get();
  const list = playType === 'CUSTOM' ? customerMusicList : musicList;
  if (!musicInfo && !list.length) return resume();
  const current = musicInfo ? list.findIndex((s) => s.id === musicInfo.id) : -1;
  const step = neighbourStep({ model: playModel, current, length: list.length, direction, loaded: musicInfo !== null });
  if (step.kind === 'play') await playSong(list[step.index], playType);
  else if (step.kind === 'restart' && audio) {
    audio.currentTime = 0;
    if (audio.paused) await start();
  }
}

/** Moves the element and the store together, so the bar and the lyric follow at once. */
function seekTo(seconds: number): void {
  if (!audio) return;
  audio.currentTime = seconds;
  set('currentTime', seconds);
  set('currentSchedule', percentAtTime(seconds, audio.duration || $player.get().duration));
  const info = $player.get().musicInfo;
  if (info) set('lyricIndex', currentLyricIndex(info.lyricTimeList, seconds * 1000));
}

/** Seeks from the progress bar and resumes; the drag flag clears after 200 ms. */
export function seekPercent(percent: number): void {
  if (!audio) return;
  set('isUseProgress', true);
  seekTo(timeAtPercent(percent, audio.duration || $player.get().duration));
  set('currentSchedule', percent);
  if (audio.paused) void start();
  setTimeout(() => set('isUseProgress', false), PROGRESS_DRAG_RESET_MS);
}

/** Seeks to a lyric line and resumes; the click flag clears after 100 ms. */
export function seekLyric(index: number): void {
  const info = $player.get().musicInfo;
  if (!audio || !info || info.lyricTimeList[index] === undefined) return;
  set('isClickLyric', true);
  audio.currentTime = info.lyricTimeList[index] / 1000;
  set('lyricIndex', index);
  if (audio.paused) void start();
  setTimeout(() => set('isClickLyric', false), LYRIC_CLICK_RESET_MS);
}

export function setVolumeSlider(value: number): void {
  const volume = volumeFromSlider(value);
  set('volume', volume);
  if (audio) audio.volume = volume;
}

export const cycleMode = () => set('playModel', nextPlayModel($player.get().playModel));

/** Choosing from a category list plays that list (TOP). */
export function playFromList(song: Song, list: Song[]): Promise<void> {
  set('musicList', list);
  return playSong(song, 'TOP');
}

/** Lock screen, notification and headset controls. */
export function bindMediaKeys(): void {
  bindSessionActions({
    play: () => void resume(),
    pause: () => audio?.pause(),
    next: () => void playNeighbour(1),
    previous: () => void playNeighbour(-1),
    seekTo: (seconds) => {
      const duration = audio?.duration ?? NaN;
      seekTo(Number.isFinite(duration) ? Math.min(duration, Math.max(0, seconds)) : Math.max(0, seconds));
    },
  });
}

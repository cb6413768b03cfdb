/**
 * Playback actions on the one <audio> element the persisted player owns. The element's events
 * write back into $player, so the store always tells what is really playing.
 */
import { music, type Song } from '../client/music';
import { currentLyricIndex, parseLrc } from '../lib/lrc';
import {
  addToList, LYRIC_CLICK_RESET_MS, nextPlayModel, percentAtTime, PROGRESS_DRAG_RESET_MS, removeFromList, stepIndex, timeAtPercent,
  volumeFromSlider, type PlayType,
} from '../lib/player';
import { $player } from './player';
import { showNotice, showToast } from './toast';

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
      return '网络中断了';
    case MediaError.MEDIA_ERR_DECODE:
      return '音频文件已损坏';
    case MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED:
      return '音频无法访问或格式不受支持';
    default:
      return '未知原因';
  }
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
  const on: Record<string, () => void> = {
    timeupdate: syncTime,
    durationchange: () => set('duration', Number.isFinite(element.duration) ? element.duration : 0),
    loadedmetadata: () => {
      if (pendingSeek !== null) element.currentTime = pendingSeek;
      pendingSeek = null;
    },
    play: () => {
      element.preload = 'auto';
      set('isPaused', false);
    },
    pause: () => set('isPaused', true),
    ended: () => void playNeighbour(1, true),
    error: () => {
      set('isPaused', true);
      if (element.getAttribute('src')) showNotice('播放失败', `这首歌播放不了：${reasonOf(element.error)}`, 'error');
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
  try {
    await audio.play();
  } catch (error) {
    set('isPaused', true);
    if ((error as DOMException).name !== 'AbortError') showNotice('播放失败', '浏览器没有允许播放，请再点一次播放', 'warning');
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
    if (request === latestRequest) showNotice('播放失败', (error as Error).message, 'error');
    return;
  }
  // Two quick clicks: only the song asked for last may start.
  if (request !== latestRequest) return;
  if (!url) return void showNotice('播放失败', '这首歌暂时无法播放', 'warning');
  const lines = parseLrc(lyric);
  $player.set({
    ...$player.get(),
    playType: from,
    musicInfo: { id: song.id, url, lyricList: lines.map((l) => l.text), lyricTimeList: lines.map((l) => l.time) },
    musicDescription: { name: song.name, al: { picUrl: song.al?.picUrl ?? '' }, ar: song.ar.map((a) => ({ name: a.name })) },
    duration: 0,
    lyricIndex: -1,
    currentTime: 0,
    currentSchedule: 0,
  });
  pendingSeek = null;
  if (!audio) return;
  audio.src = url;
  audio.currentTime = 0;
  updateMediaSession(song);
  await start();
}

/** Resumes where it was, or pauses. With nothing loaded, starts the current list. */
export async function togglePlay(): Promise<void> {
  const { musicInfo, musicList, playType, customerMusicList } = $player.get();
  if (!audio) return;
  if (!musicInfo) {
    const list = playType === 'CUSTOM' ? customerMusicList : musicList;
    if (list[0]) await playSong(list[0], playType);
    return;
  }
  if (audio.paused) await start();
  else audio.pause();
}

/** Next (1) or previous (-1) by the play mode; a finished song in single-cycle mode starts over. */
export async function playNeighbour(direction: 1 | -1, ended = false): Promise<void> {
  const { playType, musicList, customerMusicList, musicInfo, playModel } = $player.get();
  // Single cycle repeats the song playing, even one that is not in the active list.
  if (playModel === 'SINGLECYCLE' && musicInfo && audio) {
    audio.currentTime = 0;
    if (ended || audio.paused) await start();
    return;
  }
  const list = playType === 'CUSTOM' ? customerMusicList : musicList;
  const current = list.findIndex((s) => s.id === musicInfo?.id);
  // Not in the list (it changed meanwhile): forward starts at its first song, back at its last.
  const index = current < 0 ? (direction === 1 ? 0 : list.length - 1) : stepIndex(playModel, current, list.length, direction);
  if (index < 0) return;
  await playSong(list[index], playType);
}

/** Seeks from the progress bar and resumes; the drag flag clears after 200 ms. */
export function seekPercent(percent: number): void {
  if (!audio) return;
  set('isUseProgress', true);
  const time = timeAtPercent(percent, audio.duration || $player.get().duration);
  audio.currentTime = time;
  set('currentTime', time);
  set('currentSchedule', percent);
  const info = $player.get().musicInfo;
  if (info) set('lyricIndex', currentLyricIndex(info.lyricTimeList, time * 1000));
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

export function addToCustom(song: Song): void {
  const { list, added } = addToList($player.get().customerMusicList, song);
  if (!added) return;
  set('customerMusicList', list);
  set('playType', 'CUSTOM');
  showToast('添加成功', 'success', { duration: 1000 });
}

export function removeFromCustom(id: number): void {
  const list = removeFromList($player.get().customerMusicList, id);
  set('customerMusicList', list);
  set('playType', list.length ? 'CUSTOM' : 'TOP');
  showToast('删除成功', 'success', { duration: 1000 });
}

export const togglePanel = (show = !$player.get().isShow) => set('isShow', show);
export const toggleLyricBoard = (show = !$player.get().showLyricBoard) => set('showLyricBoard', show);
export const setLyricType = (type: 'COMMON' | 'SPECIAL') => set('lyricType', type);
export const toggleCoverFullscreen = () => set('isToggleImg', !$player.get().isToggleImg);

/** Lock screen and headset keys. */
function updateMediaSession(song: Song): void {
  if (!('mediaSession' in navigator)) return;
  navigator.mediaSession.metadata = new MediaMetadata({
    title: song.name,
    artist: song.ar.map((a) => a.name).join(' / ') || '歌手走丢了',
    album: song.al?.name ?? '',
    artwork: song.al?.picUrl ? [{ src: new URL(song.al.picUrl, location.href).href, sizes: '300x300' }] : [],
  });
}

export function bindMediaKeys(): void {
  if (!('mediaSession' in navigator)) return;
  const session = navigator.mediaSession;
  session.setActionHandler('play', () => void togglePlay());
  session.setActionHandler('pause', () => audio?.pause());
  session.setActionHandler('nexttrack', () => void playNeighbour(1));
  session.setActionHandler('previoustrack', () => void playNeighbour(-1));
  session.setActionHandler('seekto', (details) => {
    if (audio && details.seekTime !== undefined) audio.currentTime = details.seekTime;
  });
}

/**
 * The lock screen, notification and headset controls (Media Session API). The player calls
 * these whenever the song, the play state or the position changes; browsers without the API
 * simply get nothing.
 */
import { mediaPosition } from '../lib/browser/player';

export interface SessionSong {
  title: string;
  artist: string;
  album: string;
  cover: string;
}

export interface SessionActions {
  play(): void;
  pause(): void;
  next(): void;
  previous(): void;
  seekTo(seconds: number, fast: boolean): void;
}

const session = () => (typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null);

/** What the lock screen shows; set again on every resume, so it never keeps a song from before. */
export function showSong(song: SessionSong | null): void {
  const media = session();
  if (!media) return;
  media.metadata = song
    ? new MediaMetadata({
        title: song.title,
        artist: song.artist,
        album: song.album,
        artwork: song.cover ? [{ src: new URL(song.cover, location.href).href, sizes: '300x300' }] : [],
      })
    : null;
}

export function showPlaybackState(state: MediaSessionPlaybackState): void {
  const media = session();
  if (media) media.playbackState = state;
}

/** The position bar; an unknown duration clears it instead of throwing. */
export function showPosition(duration: number, position: number, playbackRate: number): void {
  const media = session();
  if (!media?.setPositionState) return;
  const state = mediaPosition(duration, position, playbackRate);
  try {
    media.setPositionState(state ?? undefined);
  } catch {
    // A browser stricter than the checks above: the bar just stays as it was.
  }
}

export function bindSessionActions(actions: SessionActions): void {
  const media = session();
  if (!media) return;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => actions.play()],
    ['pause', () => actions.pause()],
    ['nexttrack', () => actions.next()],
    ['previoustrack', () => actions.previous()],
    [
      'seekto',
      (details) => details.seekTime !== undefined && actions.seekTo(details.seekTime, details.fastSeek === true),
    ],
  ];
  for (const [action, handler] of handlers) {
    try {
      media.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
}

/** The player's calls to the music service (/wapi, NeteaseCloudMusicApi shapes: success is code 200). */
import type { Artist, MusicAnswer, Playlist, Song } from '../contract/music';
import {
  MUSIC_ARTIST_SONGS,
  MUSIC_LYRIC,
  MUSIC_PLAYLISTS,
  MUSIC_PLAYLIST_TRACKS,
  MUSIC_SEARCH,
  MUSIC_SONGS,
  MUSIC_SONG_URLS,
} from '../contract/paths';
import { withQuery } from '../lib/shared/paths';
import { t } from '../i18n/zh-CN';
import { needsNetworkText } from '../i18n/needsNetwork.zh-CN';

export type { Artist, Playlist, Song };

type Answer = MusicAnswer;

/** A call the music service refused or could not answer, with words for the reader. */
export class MusicError extends Error {}

/** What to tell the reader of a failed call: a MusicError's own words; anything else (an answer of the wrong shape) means the service is down. */
export const musicFailure = (error: unknown): string =>
  error instanceof MusicError ? error.message : t.player.serviceDown;

async function wapi<T extends Answer>(path: string, params: Record<string, string | number> = {}): Promise<T> {
  // Offline the page may well come from the offline worker, but music never does: nothing to ask.
  if (!navigator.onLine) throw new MusicError(needsNetworkText.music);
  let res: Response;
  try {
    res = await fetch(withQuery(path, params), { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    // The browser's own words ("Failed to fetch", "signal timed out") are English and say nothing to a reader.
    throw new MusicError((error as DOMException).name === 'TimeoutError' ? t.player.serviceSlow : t.player.offline);
  }
  const body = (await res.json().catch(() => ({ code: res.status }))) as T;
  if (body.code !== 200) throw new MusicError(body.msg || t.player.serviceDown);
  return body;
}

export const music = {
  playlists: async () => (await wapi<Answer & { list: Playlist[] }>(MUSIC_PLAYLISTS)).list,
  playlistSongs: async (id: number, limit: number, offset: number) =>
    (await wapi<Answer & { songs: Song[] }>(MUSIC_PLAYLIST_TRACKS, { id, limit, offset })).songs,
  songs: async (ids: number[]) => (await wapi<Answer & { songs: Song[] }>(MUSIC_SONGS, { ids: ids.join(',') })).songs,
  url: async (id: number) =>
    (await wapi<Answer & { data: { url: string | null }[] }>(MUSIC_SONG_URLS, { id, level: 'exhigh' })).data[0]?.url ??
    null,
  lyric: async (id: number) =>
    (await wapi<Answer & { lrc?: { lyric?: string } }>(MUSIC_LYRIC, { id })).lrc?.lyric ?? '',
  firstArtist: async (keywords: string) =>
    (
      await wapi<Answer & { result: { artists?: Artist[] } }>(MUSIC_SEARCH, {
        keywords,
        type: 100,
        limit: 1,
        offset: 0,
      })
    ).result.artists?.[0] ?? null,
  artistSongs: async (id: number, limit: number, offset: number) =>
    (await wapi<Answer & { songs: Song[] }>(MUSIC_ARTIST_SONGS, { id, limit, offset })).songs,
};

/** Answers every /wapi endpoint from the local library. */
import { readFile, stat } from 'node:fs/promises';
import { notFound } from './errors.ts';
import type { Library, Track } from './library.ts';
import type { LiveLibrary } from './live.ts';
import type { AnyParams, Endpoint, MusicProvider, Params } from './query.ts';
import { searchArtists, searchSongs } from './search.ts';
import { mediaUrl, page, toArtist, toPlaylist, toSong } from './shapes.ts';

const SUGGEST_SONGS = 10;
const SUGGEST_ARTISTS = 5;
const LRC_MAX_BYTES = 512 * 1024;

/** LRC files from Chinese sites are often GB18030 (GBK); UTF-8 is tried first and wins when valid. */
export function decodeLyrics(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

async function lyricsOf(track: Track): Promise<string> {
  if (track.lrc) {
    const info = await stat(track.lrc).catch(() => null);
    if (info && info.size <= LRC_MAX_BYTES) {
      const bytes = await readFile(track.lrc).catch(() => null);
      if (bytes) return decodeLyrics(bytes);
    }
  }
  return track.tagLyrics;
}

function artistOf(library: Library, id: number) {
  const artist = library.artists.get(id);
  if (!artist) throw notFound('歌手不存在');
  return artist;
}

function byOrder(tracks: Track[], order: 'hot' | 'time'): Track[] {
  return order === 'time' ? [...tracks].sort((a, b) => b.mtimeMs - a.mtimeMs) : tracks;
}

type Handlers = { [E in Endpoint]: (library: Library, params: Params<E>) => Promise<object> | object };

const handlers: Handlers = {
  playlists: (library) => ({ list: library.playlists.map(toPlaylist) }),

  playlistTracks: (library, { id, limit, offset }) => {
    const playlist = library.playlists.find((p) => p.id === id);
    if (!playlist) throw notFound('歌单不存在');
    return { songs: page(playlist.tracks, limit, offset).items.map(toSong) };
  },

  songs: (library, { ids }) => {
    const songs = ids.flatMap((id) => library.songs.get(id) ?? []).map(toSong);
    if (!songs.length) throw notFound('歌曲不存在');
    return { songs };
  },

  songUrls: async (library, { id: ids, level }) => {
    if (!ids.some((id) => library.songs.has(id))) throw notFound('歌曲不存在');
    const data = await Promise.all(
      ids.map(async (id) => {
        const track = library.songs.get(id);
        // A file removed since the last index is unplayable until the index catches up.
        const playable =
          track &&
          (await stat(track.file).then(
            (s) => s.isFile(),
            () => false,
          ));
        if (!track || !playable)
          return { id, url: null, br: 0, size: 0, type: null, level, encodeType: null, time: 0, code: 404 };
        return {
          id,
          url: mediaUrl(id, track.mtimeMs),
          br: track.bitrate,
          size: track.size,
          type: track.type,
          level,
          encodeType: track.type,
          time: track.durationMs,
          code: 200,
        };
      }),
    );
    return { data };
  },

  lyric: async (library, { id }) => {
    const track = library.songs.get(id);
    if (!track) throw notFound('歌曲不存在');
    return { lrc: { lyric: await lyricsOf(track) } };
  },

  suggest: (library, { keywords }) => {
    const songs = searchSongs(library, keywords).slice(0, SUGGEST_SONGS).map(toSong);
    const artists = searchArtists(library, keywords).slice(0, SUGGEST_ARTISTS).map(toArtist);
    const order = [...(songs.length ? ['songs'] : []), ...(artists.length ? ['artists'] : [])];
    return {
      result: {
        ...(songs.length ? { songs } : {}),
        ...(artists.length ? { artists } : {}),
        ...(order.length ? { order } : {}),
      },
    };
  },

  search: (library, { keywords, type, limit, offset }) => {
    if (type === 100) {
      const artists = searchArtists(library, keywords);
      return { result: { artists: page(artists, limit, offset).items.map(toArtist), artistCount: artists.length } };
    }
    const songs = searchSongs(library, keywords);
    return { result: { songs: page(songs, limit, offset).items.map(toSong), songCount: songs.length } };
  },

  artistSongs: (library, { id, order, limit, offset }) => {
    const tracks = byOrder(artistOf(library, id).tracks, order);
    const { items, more } = page(tracks, limit, offset);
    return { songs: items.map(toSong), more, total: tracks.length };
  },

  artistTopSongs: (library, { id, order, limit, offset }) => {
    const { items, more } = page(byOrder(artistOf(library, id).tracks, order), limit, offset);
    return { songs: items.map(toSong), more };
  },
};

export function localProvider(library: LiveLibrary): MusicProvider {
  return {
    async answer(endpoint, params: AnyParams) {
      const handler = handlers[endpoint] as (library: Library, params: AnyParams) => Promise<object> | object;
      return { status: 200, body: { code: 200, ...(await handler(await library.current(), params)) } };
    },
  };
}

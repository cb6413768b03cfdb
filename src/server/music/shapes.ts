/** The library's records in NeteaseCloudMusicApi's shapes (docs/api.md §8). */
import type { ArtistProfile, Playlist as PlaylistAnswer, Song } from '../../contract/music.ts';
import { MUSIC_MEDIA } from '../../contract/paths.ts';
import { fileUrl, type Artist, type Playlist, type Track } from './library.ts';

/** Clients read `ar[0].name`; a file without an artist tag still gets an entry, with an empty name. */
export const NO_ARTIST = { id: 0, name: '' } as const;

export const toSong = (track: Track): Song => ({
  id: track.id,
  name: track.name,
  ar: track.artists.length ? track.artists.map(({ id, name }) => ({ id, name })) : [{ ...NO_ARTIST }],
  al: { id: track.album.id, name: track.album.name, picUrl: track.picUrl },
  alia: [],
  dt: track.durationMs,
  // '' when there is no album: the player then shows the alias or nothing.
  awardName: track.album.name,
});

export const toPlaylist = (playlist: Playlist): PlaylistAnswer => ({
  id: playlist.id,
  name: playlist.name,
  coverImgUrl: playlist.coverImgUrl,
  description: `共 ${playlist.tracks.length} 首歌`,
  trackCount: playlist.tracks.length,
});

export const toArtist = (artist: Artist): ArtistProfile => ({
  id: artist.id,
  name: artist.name,
  picUrl: artist.picUrl,
});

export const mediaUrl = (id: number, mtimeMs: number) => fileUrl(MUSIC_MEDIA, id, { mtimeMs });

/** A page of a list and whether more follows it. */
export function page<T>(items: readonly T[], limit: number, offset: number) {
  return { items: items.slice(offset, offset + limit), more: offset + limit < items.length };
}

type Answer = Record<string, unknown>;
const isObject = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Gives every song of an upstream answer (`songs`, `result.songs`) at least one artist, as our
 * own songs have. Songs in the suggest shape, which name their artists `artists`, are left alone.
 */
export function withArtists<T>(answer: T): T {
  if (!isObject(answer)) return answer;
  for (const songs of [answer.songs, isObject(answer.result) ? answer.result.songs : undefined]) {
    if (!Array.isArray(songs)) continue;
    for (const song of songs) {
      if (!isObject(song)) continue;
      const missing = Array.isArray(song.ar) ? song.ar.length === 0 : song.ar == null && song.artists == null;
      if (missing) song.ar = [{ ...NO_ARTIST }];
    }
  }
  return answer;
}

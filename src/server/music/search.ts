/** Finding songs and artists in the local library by a few typed characters. */
import type { Artist, Library, Track } from './library.ts';

/** Full-width letters, letter case and composed forms all compare equal. */
export const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

function songScore(track: Track, query: string): number {
  const name = normalise(track.name);
  if (name === query) return 4;
  if (name.startsWith(query)) return 3;
  if (name.includes(query)) return 2;
  const others = [...track.artists.map((a) => a.name), track.album.name].map(normalise);
  return others.some((text) => text.includes(query)) ? 1 : 0;
}

function ranked<T>(items: Iterable<T>, score: (item: T) => number): T[] {
  return [...items]
    .map((item, index) => ({ item, index, score: score(item) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
}

export function searchSongs(library: Library, keywords: string): Track[] {
  const query = normalise(keywords);
  const tracks = library.playlists.flatMap((playlist) => playlist.tracks);
  return ranked(tracks, (track) => songScore(track, query));
}

export function searchArtists(library: Library, keywords: string): Artist[] {
  const query = normalise(keywords);
  return ranked(library.artists.values(), (artist) => {
    const name = normalise(artist.name);
    return name === query ? 3 : name.startsWith(query) ? 2 : name.includes(query) ? 1 : 0;
  });
}

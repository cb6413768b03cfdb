/** The panel's browsing state: playlist categories with paged songs, and artist search. Not persisted. */
import { map } from 'nanostores';
import { music, musicFailure, type Playlist, type Song } from '../client/music';
import { t } from '../i18n/zh-CN';
import { defaultPlaylistIndex, PLAYLIST_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../lib/browser/player';
import { pagedList, type PagedListOptions } from './pagedList';
import { $player } from './player';

/**
 * Songs by id (a category's or an artist's) as a paged list. The music service pages by offset and
 * tells no total, so the list's total is what is known to exist, plus one while the last page says
 * there may be more. Songs are not told apart: a category may hold the same song twice.
 */
function songPages(
  size: number,
  read: (id: number, limit: number, offset: number) => Promise<Song[]>,
  mayHaveMore: (page: Song[]) => boolean,
): PagedListOptions<Song, number | null> {
  return {
    size,
    idOf: (song) => song,
    read: async (id, current) => {
      const offset = (current - 1) * size;
      const list = await read(id!, size, offset);
      return { result: { current, size, list, total: offset + list.length + (mayHaveMore(list) ? 1 : 0) } };
    },
  };
}

/** Whether the list may go on: a failed page ends it, as an empty one does. */
export const hasMoreSongs = ({ list, total, failed }: { list: Song[]; total: number; failed: boolean }) =>
  !failed && list.length < total;

/* ---- Categories ---- */

export const $browse = map<{ playlists: Playlist[] | null; playlistError: string }>({
  playlists: null,
  playlistError: '',
});

// A short page is a category's last.
const playlistSongs = pagedList<Song, number | null>(
  null,
  songPages(PLAYLIST_PAGE_SIZE, music.playlistSongs, (page) => page.length === PLAYLIST_PAGE_SIZE),
);
/** The open category (the filter) and its songs so far. */
export const $playlistSongs = playlistSongs.$list;

/** Loads the categories once and opens the default one (the 4th). Failures stay quiet: the disc still plays what was stored. */
export async function loadPlaylists(): Promise<void> {
  if ($browse.get().playlists) return;
  try {
    const playlists = await music.playlists();
    $browse.setKey('playlists', playlists);
    const index = defaultPlaylistIndex(playlists.length);
    if (index >= 0) choosePlaylist(playlists[index].id);
  } catch {
    $browse.set({ playlists: [], playlistError: t.player.playlistsFailed });
  }
}

/** Opens a category at its first page; the next arrive as the table is scrolled. */
export function choosePlaylist(id: number): void {
  void playlistSongs.open(id);
}

/**
 * The songs of the open category so far, once its first page is in; before the panel was ever
 * opened, those of the category it opens on. Empty when the music service cannot be reached.
 */
export async function openCategorySongs(): Promise<Song[]> {
  // Asked for again: a service that failed before may be back.
  if ($browse.get().playlistError) $browse.set({ playlists: null, playlistError: '' });
  await loadPlaylists();
  if ($playlistSongs.get().failed) await playlistSongs.refresh();
  if ($playlistSongs.get().loading) {
    await new Promise<void>((resolve) => {
      const stop = $playlistSongs.listen(({ loading }) => {
        if (loading) return;
        stop();
        resolve();
      });
    });
  }
  return $playlistSongs.get().list;
}

/**
 * The next page of the open category, only while more songs are possible. When the list playing
 * is this category as it was loaded so far, it grows with it, so next and list-loop reach the
 * songs loaded since instead of wrapping early.
 */
export async function loadMoreSongs(): Promise<void> {
  const before = $playlistSongs.get();
  if (!hasMoreSongs(before)) return;
  await playlistSongs.more();
  const { musicList, playType } = $player.get();
  const playingThis =
    playType === 'TOP' &&
    musicList.length === before.list.length &&
    musicList.every((song, i) => song.id === before.list[i].id);
  const after = $playlistSongs.get();
  if (playingThis && after.filter === before.filter && after.list.length > musicList.length)
    $player.setKey('musicList', after.list);
}

/* ---- Search ---- */

export interface SearchState {
  keyword: string;
  /** The artist found for the keyword, whose songs are listed. */
  artist: string;
  /** The artist is being looked up. */
  finding: boolean;
  error: string;
  searched: boolean;
}

export const $musicSearch = map<SearchState>({ keyword: '', artist: '', finding: false, error: '', searched: false });

// Only an empty page ends an artist's songs.
const artistSongs = pagedList<Song, number | null>(
  null,
  songPages(SEARCH_PAGE_SIZE, music.artistSongs, (page) => page.length > 0),
);
/** The artist's songs found so far (the filter is the artist's id). */
export const $artistSongs = artistSongs.$list;

/** A page of the artist's songs; a failure is told above the results. */
async function readArtistSongs(read: () => Promise<boolean>): Promise<void> {
  const { filter } = $artistSongs.get();
  await read();
  const now = $artistSongs.get();
  if (now.failed && now.filter === filter) $musicSearch.setKey('error', t.player.serviceDown);
}

/** Search: the first artist matching the keyword, then that artist's songs from the first page. */
export async function searchMusic(keyword: string): Promise<void> {
  const text = keyword.trim();
  if (!text) return;
  artistSongs.reset(null);
  $musicSearch.set({ keyword: text, artist: '', finding: true, error: '', searched: true });
  try {
    const artist = await music.firstArtist(text);
    if ($musicSearch.get().keyword !== text) return;
    $musicSearch.set({ ...$musicSearch.get(), artist: artist?.name ?? '', finding: false });
    if (artist) await readArtistSongs(() => artistSongs.open(artist.id));
  } catch (error) {
    if ($musicSearch.get().keyword === text)
      $musicSearch.set({ ...$musicSearch.get(), error: musicFailure(error), finding: false });
  }
}

/** The next page of the artist's songs, while more are possible. */
export async function searchMore(): Promise<void> {
  if (hasMoreSongs($artistSongs.get())) await readArtistSongs(() => artistSongs.more());
}

export function clearMusicSearch(): void {
  artistSongs.reset(null);
  $musicSearch.set({ keyword: '', artist: '', finding: false, error: '', searched: false });
}

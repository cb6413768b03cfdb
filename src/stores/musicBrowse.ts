/** The panel's browsing state: playlist categories with paged songs, and artist search. Not persisted. */
import { map } from 'nanostores';
import { music, type Playlist, type Song } from '../client/music';
import { t } from '../i18n/zh-CN';
import { defaultPlaylistIndex, PLAYLIST_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../lib/player';

/** The list's query: category, page and keyword. */
export interface ListQuery {
  limit: number;
  offset: number;
  id: number | null;
  loading: boolean;
  loadMore: boolean;
}

export interface BrowseState {
  playlists: Playlist[] | null;
  playlistError: string;
  active: number | null;
  songs: Song[];
  query: ListQuery;
}

export const $browse = map<BrowseState>({
  playlists: null,
  playlistError: '',
  active: null,
  songs: [],
  query: { limit: PLAYLIST_PAGE_SIZE, offset: 0, id: null, loading: false, loadMore: true },
});

export interface SearchState {
  keyword: string;
  artist: string;
  songs: Song[];
  query: ListQuery;
  error: string;
  searched: boolean;
}

export const $musicSearch = map<SearchState>({
  keyword: '',
  artist: '',
  songs: [],
  query: { limit: SEARCH_PAGE_SIZE, offset: 0, id: null, loading: false, loadMore: false },
  error: '',
  searched: false,
});

/** Loads the categories once and opens the default one (the 4th). Failures stay quiet: the disc still plays what was stored. */
export async function loadPlaylists(): Promise<void> {
  if ($browse.get().playlists) return;
  try {
    const playlists = await music.playlists();
    $browse.setKey('playlists', playlists);
    const index = defaultPlaylistIndex(playlists.length);
    if (index >= 0) choosePlaylist(playlists[index].id);
  } catch {
    $browse.setKey('playlists', []);
    $browse.setKey('playlistError', t.player.playlistsFailed);
  }
}

/** Opens a category; its songs arrive as the table is scrolled. */
export function choosePlaylist(id: number): void {
  $browse.set({ ...$browse.get(), active: id, songs: [], query: { limit: PLAYLIST_PAGE_SIZE, offset: 0, id, loading: false, loadMore: true } });
}

/** The next page of the open category, only while more songs are possible. */
export async function loadMoreSongs(): Promise<void> {
  const { query } = $browse.get();
  if (query.id === null || query.loading || !query.loadMore) return;
  $browse.setKey('query', { ...query, loading: true });
  try {
    const page = await music.playlistSongs(query.id, query.limit, query.offset);
    if ($browse.get().query.id !== query.id) return;
    $browse.set({
      ...$browse.get(),
      songs: [...$browse.get().songs, ...page],
      query: { ...query, offset: query.offset + query.limit, loading: false, loadMore: page.length === query.limit },
    });
  } catch {
    if ($browse.get().query.id === query.id) $browse.setKey('query', { ...query, loading: false, loadMore: false });
  }
}

/** Search: the first artist matching the keyword, then that artist's songs from offset 0. */
export async function searchMusic(keyword: string): Promise<void> {
  const text = keyword.trim();
  if (!text) return;
  const base: ListQuery = { limit: SEARCH_PAGE_SIZE, offset: 0, id: null, loading: true, loadMore: false };
  $musicSearch.set({ keyword: text, artist: '', songs: [], query: base, error: '', searched: true });
  try {
    const artist = await music.firstArtist(text);
    if ($musicSearch.get().keyword !== text) return;
    if (!artist) return void $musicSearch.setKey('query', { ...base, loading: false });
    $musicSearch.set({ ...$musicSearch.get(), artist: artist.name, query: { ...base, id: artist.id, loading: false, loadMore: true } });
    await searchMore();
  } catch (error) {
    if ($musicSearch.get().keyword === text) $musicSearch.set({ ...$musicSearch.get(), error: (error as Error).message, query: { ...base, loading: false } });
  }
}

/** Offset 0 replaces the results, later pages append, and an empty page ends loading. */
export async function searchMore(): Promise<void> {
  const { query, keyword } = $musicSearch.get();
  if (query.id === null || query.loading || !query.loadMore) return;
  $musicSearch.setKey('query', { ...query, loading: true });
  try {
    const page = await music.artistSongs(query.id, query.limit, query.offset);
    if ($musicSearch.get().keyword !== keyword) return;
    const songs = query.offset === 0 ? page : [...$musicSearch.get().songs, ...page];
    $musicSearch.set({ ...$musicSearch.get(), songs, query: { ...query, offset: query.offset + query.limit, loading: false, loadMore: page.length > 0 } });
  } catch (error) {
    $musicSearch.set({ ...$musicSearch.get(), error: (error as Error).message, query: { ...query, loading: false, loadMore: false } });
  }
}

export function clearMusicSearch(): void {
  $musicSearch.set({ ...$musicSearch.get(), keyword: '', artist: '', songs: [], searched: false, error: '', query: { ...$musicSearch.get().query, id: null, loadMore: false } });
}

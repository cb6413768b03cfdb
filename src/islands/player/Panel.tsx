import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { Song } from '../../client/music';
import { KEYWORD_MAX_LENGTH } from '../../contract/limits';
import { t } from '../../i18n/zh-CN';
import {
  $artistSongs,
  $browse,
  $musicSearch,
  $playlistSongs,
  choosePlaylist,
  clearMusicSearch,
  hasMoreSongs,
  loadMoreSongs,
  loadPlaylists,
  searchMore,
  searchMusic,
} from '../../stores/musicBrowse';
import { playFromList } from '../../stores/playback';
import { addToCustom, togglePanel } from '../../stores/playerPanel';
import { $player } from '../../stores/player';
import { useModal } from '../shared/useModal';
import Controller from './Controller';
import SongTable from './SongTable';
import styles from './Panel.module.scss';

const text = t.player;

/** The open player: categories and their songs, artist search, and the controller. */
export default function Panel({ returnFocus }: { returnFocus?: RefObject<HTMLElement | null> }) {
  const browse = useStore($browse);
  const search = useStore($musicSearch);
  const songs = useStore($playlistSongs);
  const found = useStore($artistSongs);
  const searching = search.finding || found.loading;
  const { musicInfo, customerMusicList } = useStore($player, { keys: ['musicInfo', 'customerMusicList'] });
  const [keyword, setKeyword] = useState(search.keyword);
  const sentinel = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const customIds = useMemo(() => new Set(customerMusicList.map((s) => s.id)), [customerMusicList]);
  const currentId = musicInfo?.id ?? null;

  const closeButton = useRef<HTMLButtonElement>(null);
  // A sheet over part of the page, which stays usable: no scroll lock and no focus trap. Focus
  // starts on the close button rather than the search field, so a phone's keyboard stays down,
  // and goes back to the disc, which hides while the panel is open.
  const panel = useModal<HTMLElement>(true, () => togglePanel(false), {
    initialFocus: closeButton,
    returnFocus,
    lockScroll: false,
    trapFocus: false,
  });

  useEffect(() => void loadPlaylists(), []);

  // The next page loads when the end of the table is fully in view.
  useEffect(() => {
    if (search.searched || !sentinel.current) return;
    const observer = new IntersectionObserver(([entry]) => entry.isIntersecting && void loadMoreSongs(), {
      root: scroller.current,
      threshold: 1,
    });
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [search.searched, songs.filter, songs.list.length]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (keyword.trim()) void searchMusic(keyword);
  };

  const searchFooter = searching ? (
    <span className={styles.muted}>{text.loading}</span>
  ) : hasMoreSongs(found) ? (
    <button type="button" className={styles.more} onClick={() => void searchMore()}>
      {text.loadMore}
    </button>
  ) : (
    <span className={styles.muted}>{text.end}</span>
  );

  return (
    <section
      ref={panel}
      className={styles.panel}
      role="dialog"
      aria-modal="false"
      aria-label={text.panel}
      data-testid="player-panel"
    >
      <header className={styles.head}>
        <form className={styles.search} onSubmit={submit} role="search">
          <input
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            maxLength={KEYWORD_MAX_LENGTH}
            placeholder={text.searchArtist}
            aria-label={text.searchArtist}
          />
          <button type="submit">{text.search}</button>
          {search.searched && (
            <button
              type="button"
              onClick={() => {
                clearMusicSearch();
                setKeyword('');
              }}
            >
              {text.backToPlaylists}
            </button>
          )}
        </form>
        <button
          type="button"
          ref={closeButton}
          className={styles.close}
          onClick={() => togglePanel(false)}
          aria-label={text.collapse}
        >
          ×
        </button>
      </header>

      <div className={styles.body}>
        {!search.searched && (
          <ul className={styles.covers} aria-label={text.playlists}>
            {browse.playlists === null && <li className={styles.muted}>{text.playlistsLoading}</li>}
            {browse.playlists?.length === 0 && (
              <li className={styles.muted}>{browse.playlistError || text.noPlaylists}</li>
            )}
            {browse.playlists?.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => choosePlaylist(p.id)}
                  aria-pressed={p.id === songs.filter}
                  title={p.name}
                >
                  <img src={p.coverImgUrl} alt="" width="120" height="120" loading="lazy" />
                  <span>{p.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.songs} ref={scroller}>
          {search.searched ? (
            <>
              {search.artist && <p className={styles.muted}>{text.artist(search.artist)}</p>}
              {search.error && (
                <p className={styles.muted} role="alert">
                  {search.error}
                </p>
              )}
              {!searching && !search.error && found.list.length === 0 ? (
                <p className={styles.empty}>{text.nothing}</p>
              ) : (
                <SongTable
                  label={text.searchResults}
                  songs={found.list}
                  currentId={currentId}
                  customIds={customIds}
                  onPlay={(s: Song) => void playFromList(s, found.list)}
                  onAdd={addToCustom}
                  footer={searchFooter}
                />
              )}
            </>
          ) : (
            <>
              <SongTable
                label={text.playlistSongs}
                songs={songs.list}
                currentId={currentId}
                customIds={customIds}
                onPlay={(s: Song) => void playFromList(s, songs.list)}
                onAdd={addToCustom}
              />
              <div ref={sentinel} className={styles.sentinel}>
                {songs.loading ? text.loading : hasMoreSongs(songs) ? '' : songs.list.length ? text.end : text.nothing}
              </div>
            </>
          )}
        </div>
      </div>
      <Controller />
    </section>
  );
}

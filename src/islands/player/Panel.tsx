import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Song } from '../../client/music';
import { $browse, $musicSearch, choosePlaylist, clearMusicSearch, loadMoreSongs, loadPlaylists, searchMore, searchMusic } from '../../stores/musicBrowse';
import { addToCustom, playFromList, togglePanel } from '../../stores/playback';
import { $player } from '../../stores/player';
import Controller from './Controller';
import SongTable from './SongTable';
import styles from './Panel.module.scss';

/** The open player: categories and their songs, artist search, and the controller. */
export default function Panel() {
  const browse = useStore($browse);
  const search = useStore($musicSearch);
  const { musicInfo, customerMusicList } = useStore($player, { keys: ['musicInfo', 'customerMusicList'] });
  const [keyword, setKeyword] = useState(search.keyword);
  const sentinel = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const customIds = useMemo(() => new Set(customerMusicList.map((s) => s.id)), [customerMusicList]);
  const currentId = musicInfo?.id ?? null;

  useEffect(() => void loadPlaylists(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && togglePanel(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The next page loads when the end of the table is fully in view.
  useEffect(() => {
    if (search.searched || !sentinel.current) return;
    const observer = new IntersectionObserver(([entry]) => entry.isIntersecting && void loadMoreSongs(), { root: scroller.current, threshold: 1 });
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [search.searched, browse.active, browse.songs.length]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (keyword.trim()) void searchMusic(keyword);
  };

  const searchFooter = search.query.loading ? (
    <span className={styles.muted}>加载中…</span>
  ) : search.query.loadMore ? (
    <button type="button" className={styles.more} onClick={() => void searchMore()}>加载更多</button>
  ) : (
    <span className={styles.muted}>已经到底了</span>
  );

  return (
    <section className={styles.panel} role="dialog" aria-modal="false" aria-label="音乐播放器" data-testid="player-panel">
      <header className={styles.head}>
        <form className={styles.search} onSubmit={submit} role="search">
          <input value={keyword} onChange={(e) => setKeyword(e.target.value)} maxLength={50} placeholder="搜索歌手" aria-label="搜索歌手" />
          <button type="submit">搜索</button>
          {search.searched && (
            <button type="button" onClick={() => { clearMusicSearch(); setKeyword(''); }}>返回歌单</button>
          )}
        </form>
        <button type="button" className={styles.close} onClick={() => togglePanel(false)} aria-label="收起播放器">×</button>
      </header>

      <div className={styles.body}>
        {!search.searched && (
          <ul className={styles.covers} aria-label="歌单">
            {browse.playlists === null && <li className={styles.muted}>歌单加载中…</li>}
            {browse.playlists?.length === 0 && <li className={styles.muted}>{browse.playlistError || '还没有歌单'}</li>}
            {browse.playlists?.map((p) => (
              <li key={p.id}>
                <button type="button" onClick={() => choosePlaylist(p.id)} aria-pressed={p.id === browse.active} title={p.name}>
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
              {search.artist && <p className={styles.muted}>歌手：{search.artist}</p>}
              {search.error && <p className={styles.muted} role="alert">{search.error}</p>}
              {!search.query.loading && !search.error && search.songs.length === 0 ? (
                <p className={styles.empty}>这里什么都没有</p>
              ) : (
                <SongTable label="搜索结果" songs={search.songs} currentId={currentId} customIds={customIds} onPlay={(s: Song) => void playFromList(s, search.songs)} onAdd={addToCustom} footer={searchFooter} />
              )}
            </>
          ) : (
            <>
              <SongTable label="歌单歌曲" songs={browse.songs} currentId={currentId} customIds={customIds} onPlay={(s: Song) => void playFromList(s, browse.songs)} onAdd={addToCustom} />
              <div ref={sentinel} className={styles.sentinel}>
                {browse.query.loading ? '加载中…' : browse.query.loadMore ? '' : browse.songs.length ? '已经到底了' : '这里什么都没有'}
              </div>
            </>
          )}
        </div>
      </div>
      <Controller />
    </section>
  );
}

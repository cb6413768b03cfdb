import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { BRIGHTNESS_DEFAULT, lyricFade, SPECIAL_TITLE_HIDE_MS, stepBrightness } from '../../lib/player';
import { seekLyric, setLyricType, toggleCoverFullscreen, toggleLyricBoard } from '../../stores/playback';
import { $player } from '../../stores/player';
import { artistNames, DEFAULT_COVER } from './songText';
import styles from './LyricBoard.module.scss';

/** The full-screen lyric board: a scrolling list (normal) or one line at a time over a picture (special). */
export default function LyricBoard() {
  const p = useStore($player, { keys: ['musicInfo', 'musicDescription', 'lyricIndex', 'lyricType', 'isClickLyric', 'isPaused', 'isToggleImg'] });
  const list = useRef<HTMLOListElement>(null);
  const lines = p.musicInfo?.lyricList ?? [];
  const times = p.musicInfo?.lyricTimeList ?? [];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && toggleLyricBoard(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Keep the current line in the middle when it changes or the board opens, but not under a click.
  useEffect(() => {
    if (p.isClickLyric || p.lyricType !== 'COMMON') return;
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [p.lyricIndex, p.lyricType]);

  return (
    <div className={styles.board} role="dialog" aria-modal="true" aria-label="歌词">
      <header className={styles.head}>
        <div className={styles.modes} role="group" aria-label="歌词模式">
          <button type="button" aria-pressed={p.lyricType === 'COMMON'} onClick={() => setLyricType('COMMON')}>普通</button>
          <button type="button" aria-pressed={p.lyricType === 'SPECIAL'} onClick={() => setLyricType('SPECIAL')}>特殊</button>
        </div>
        <button type="button" className={styles.close} onClick={() => toggleLyricBoard(false)} aria-label="关闭歌词">×</button>
      </header>
      {p.lyricType === 'COMMON' ? (
        <div className={styles.common}>
          <h2>{p.musicDescription?.name}</h2>
          <p className={styles.artist}>{artistNames(p.musicDescription?.ar ?? [])}</p>
          {lines.length === 0 ? (
            <p className={styles.none}>这首歌还没有歌词</p>
          ) : (
            <ol ref={list} className={styles.lines} data-testid="lyric-lines">
              {lines.map((line, i) => (
                <li key={`${times[i]}-${i}`} aria-current={i === p.lyricIndex}>
                  <button type="button" onClick={() => seekLyric(i)}>{line || '♪'}</button>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : (
        <Special lines={lines} times={times} index={p.lyricIndex} paused={p.isPaused} cover={p.musicDescription?.al.picUrl || DEFAULT_COVER} fullCover={p.isToggleImg} name={p.musicDescription?.name ?? ''} artist={artistNames(p.musicDescription?.ar ?? [])} />
      )}
    </div>
  );
}

interface SpecialProps {
  lines: string[];
  times: number[];
  index: number;
  paused: boolean;
  cover: string;
  fullCover: boolean;
  name: string;
  artist: string;
}

function Special({ lines, times, index, paused, cover, fullCover, name, artist }: SpecialProps) {
  const [brightness, setBrightness] = useState(BRIGHTNESS_DEFAULT);
  const [background, setBackground] = useState<string | null>(null);
  const [titleShown, setTitleShown] = useState(true);
  const [lineShown, setLineShown] = useState(false);

  // The title fades in, and out after 3.6 s; pausing brings it back and cancels the fade-out.
  useEffect(() => {
    setTitleShown(true);
    if (paused) return;
    const timer = setTimeout(() => setTitleShown(false), SPECIAL_TITLE_HIDE_MS);
    return () => clearTimeout(timer);
  }, [paused, name]);

  // Each line fades in; long lines fade out at their end, short ones hide a little early.
  const duration = index >= 0 && index + 1 < times.length ? times[index + 1] - times[index] : 4000;
  const fade = lyricFade(duration);
  useEffect(() => {
    setLineShown(true);
    if (paused) return;
    const timer = setTimeout(() => setLineShown(false), fade.hideAtMs);
    return () => clearTimeout(timer);
  }, [index, paused, fade.hideAtMs]);

  useEffect(() => () => void (background && URL.revokeObjectURL(background)), [background]);

  return (
    <div className={styles.special} style={{ backgroundImage: `url(${background ?? cover})` }}>
      <div className={styles.mask} style={{ opacity: brightness }} data-testid="brightness-mask" />
      <div className={styles.specialText}>
        <div className={styles.title} data-shown={titleShown} style={{ transitionDuration: paused ? '0.5s' : '0.8s' }}>
          <h2>{name}</h2>
          <p>{artist}</p>
        </div>
        <p className={styles.single} data-shown={lineShown} style={{ transitionDuration: `${(lineShown ? fade.fadeInMs : fade.fadeOutMs) / 1000}s` }} data-testid="special-line">
          {index >= 0 ? lines[index] : ''}
        </p>
      </div>
      {fullCover && <img className={styles.fullCover} src={cover} alt="专辑封面" onClick={toggleCoverFullscreen} />}
      <div className={styles.tools}>
        <button type="button" onClick={() => setBrightness((v) => stepBrightness(v, -1))} aria-label="调亮背景">☀︎+</button>
        <button type="button" onClick={() => setBrightness((v) => stepBrightness(v, 1))} aria-label="调暗背景">☀︎−</button>
        <label>
          换背景
          <input type="file" accept="image/*" className="visually-hidden" onChange={(e) => e.target.files?.[0] && setBackground(URL.createObjectURL(e.target.files[0]))} />
        </label>
        <button type="button" onClick={toggleCoverFullscreen} aria-pressed={fullCover}>封面全屏</button>
      </div>
    </div>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import {
  BRIGHTNESS_DEFAULT,
  lineHideDelay,
  lyricFade,
  SPECIAL_TITLE_HIDE_MS,
  stepBrightness,
} from '../../lib/browser/player';
import { seekLyric } from '../../stores/playback';
import { setLyricType, toggleCoverFullscreen, toggleLyricBoard } from '../../stores/playerPanel';
import { $player } from '../../stores/player';
import { useModal } from '../shared/useModal';
import { artistNames, DEFAULT_COVER } from './songText';
import styles from './LyricBoard.module.scss';

const text = t.player;

/** The full-screen lyric board: a scrolling list (normal) or one line at a time over a picture (special). */
export default function LyricBoard() {
  const p = useStore($player, {
    keys: ['musicInfo', 'musicDescription', 'lyricIndex', 'lyricType', 'isClickLyric', 'isPaused', 'isToggleImg'],
  });
  const list = useRef<HTMLOListElement>(null);
  const lines = p.musicInfo?.lyricList ?? [];
  const times = p.musicInfo?.lyricTimeList ?? [];

  const board = useModal<HTMLDivElement>(true, () => toggleLyricBoard(false));

  // Keep the current line in the middle when it changes or the board opens, but not under a click.
  useEffect(() => {
    if (p.isClickLyric || p.lyricType !== 'COMMON') return;
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [p.lyricIndex, p.lyricType]);

  return (
    <div ref={board} className={styles.board} role="dialog" aria-modal="true" aria-label={text.lyrics}>
      <header className={styles.head}>
        <div className={styles.modes} role="group" aria-label={text.lyricModes}>
          <button type="button" aria-pressed={p.lyricType === 'COMMON'} onClick={() => setLyricType('COMMON')}>
            {text.lyricCommon}
          </button>
          <button type="button" aria-pressed={p.lyricType === 'SPECIAL'} onClick={() => setLyricType('SPECIAL')}>
            {text.lyricSpecial}
          </button>
        </div>
        <button
          type="button"
          className={styles.close}
          onClick={() => toggleLyricBoard(false)}
          aria-label={text.closeLyrics}
        >
          ×
        </button>
      </header>
      {p.lyricType === 'COMMON' ? (
        <div className={styles.common}>
          <h2>{p.musicDescription?.name}</h2>
          <p className={styles.artist}>{artistNames(p.musicDescription?.ar ?? [])}</p>
          {lines.length === 0 ? (
            <p className={styles.none}>{text.noLyrics}</p>
          ) : (
            <ol ref={list} className={styles.lines} data-testid="lyric-lines">
              {lines.map((line, i) => (
                <li key={`${times[i]}-${i}`} aria-current={i === p.lyricIndex}>
                  <button type="button" onClick={() => seekLyric(i)}>
                    {line || '♪'}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : (
        <Special
          lines={lines}
          times={times}
          index={p.lyricIndex}
          paused={p.isPaused}
          cover={p.musicDescription?.al.picUrl || DEFAULT_COVER}
          fullCover={p.isToggleImg}
          name={p.musicDescription?.name ?? ''}
          artist={artistNames(p.musicDescription?.ar ?? [])}
        />
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

  // Each line fades in; long lines fade out at their end, short ones hide a little early. The
  // position is read, not watched: it moves several times a second and only matters here.
  const duration = index >= 0 && index + 1 < times.length ? times[index + 1] - times[index] : 4000;
  const fade = lyricFade(duration);
  useEffect(() => {
    setLineShown(true);
    if (paused) return;
    const delay = lineHideDelay(fade.hideAtMs, times[index] ?? 0, $player.get().currentTime * 1000);
    const timer = setTimeout(() => setLineShown(false), delay);
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
        <p
          className={styles.single}
          data-shown={lineShown}
          style={{ transitionDuration: `${(lineShown ? fade.fadeInMs : fade.fadeOutMs) / 1000}s` }}
          data-testid="special-line"
        >
          {index >= 0 ? lines[index] : ''}
        </p>
      </div>
      {fullCover && <img className={styles.fullCover} src={cover} alt={text.cover} onClick={toggleCoverFullscreen} />}
      <div className={styles.tools}>
        <button type="button" onClick={() => setBrightness((v) => stepBrightness(v, -1))} aria-label={text.brighter}>
          ☀︎+
        </button>
        <button type="button" onClick={() => setBrightness((v) => stepBrightness(v, 1))} aria-label={text.darker}>
          ☀︎−
        </button>
        <label>
          {text.changeBackground}
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={(e) => e.target.files?.[0] && setBackground(URL.createObjectURL(e.target.files[0]))}
          />
        </label>
        <button type="button" onClick={toggleCoverFullscreen} aria-pressed={fullCover}>
          {text.fullCover}
        </button>
      </div>
    </div>
  );
}

import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { formatPlayTime, sliderFromVolume } from '../../lib/browser/player';
import { cycleMode, playNeighbour, playSong, seekPercent, setVolumeSlider, togglePlay } from '../../stores/playback';
import { removeFromCustom, toggleLyricBoard } from '../../stores/playerPanel';
import { $player } from '../../stores/player';
import { PlayIcon } from './Disc';
import { ListIcon, ModeIcon, NextIcon, PreviousIcon, VolumeIcon } from './icons';
import { artistNames, DEFAULT_COVER } from './songText';
import styles from './Controller.module.scss';

const text = t.player;

/** The bottom bar: progress, the song, previous / play / next, mode, volume and my list. */
export default function Controller() {
  const p = useStore($player, {
    keys: [
      'isPaused',
      'currentTime',
      'duration',
      'currentSchedule',
      'musicDescription',
      'playModel',
      'volume',
      'customerMusicList',
      'musicInfo',
      'playType',
    ],
  });
  const [popup, setPopup] = useState<'volume' | 'list' | null>(null);
  const toggle = (name: 'volume' | 'list') => setPopup((open) => (open === name ? null : name));

  return (
    <footer className={styles.controller}>
      <div className={styles.progress}>
        <span>{formatPlayTime(p.currentTime)}</span>
        <input
          type="range"
          min={0}
          max={100}
          step={0.1}
          value={p.currentSchedule}
          onChange={(e) => seekPercent(Number(e.target.value))}
          aria-label={text.progress}
          aria-valuetext={`${formatPlayTime(p.currentTime)} / ${formatPlayTime(p.duration)}`}
          disabled={!p.musicInfo}
        />
        <span>{formatPlayTime(p.duration)}</span>
      </div>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.nowPlaying}
          onClick={() => toggleLyricBoard(true)}
          aria-label={text.openLyrics}
          disabled={!p.musicDescription}
        >
          <img src={p.musicDescription?.al.picUrl || DEFAULT_COVER} alt="" width="44" height="44" />
          <span>
            <strong data-testid="now-playing">{p.musicDescription?.name ?? text.notPlaying}</strong>
            <span>{p.musicDescription ? artistNames(p.musicDescription.ar) : ''}</span>
          </span>
        </button>
        <div className={styles.transport}>
          <button type="button" onClick={() => void playNeighbour(-1)} aria-label={text.previous}>
            <PreviousIcon />
          </button>
          <button
            type="button"
            className={styles.play}
            onClick={() => void togglePlay()}
            aria-label={p.isPaused ? text.play : text.pause}
            data-testid="player-toggle"
          >
            <PlayIcon paused={p.isPaused} />
          </button>
          <button type="button" onClick={() => void playNeighbour(1)} aria-label={text.next}>
            <NextIcon />
          </button>
        </div>
        <div className={styles.extras}>
          <button
            type="button"
            onClick={cycleMode}
            aria-label={text.mode(text.modes[p.playModel])}
            data-mode={p.playModel}
            title={text.modes[p.playModel]}
          >
            <ModeIcon mode={p.playModel} />
          </button>
          <div className={styles.popupAnchor}>
            <button
              type="button"
              onClick={() => toggle('volume')}
              aria-label={text.volume}
              aria-expanded={popup === 'volume'}
            >
              <VolumeIcon />
            </button>
            {popup === 'volume' && (
              <div className={styles.popup}>
                <input
                  type="range"
                  min={0}
                  max={100}
                  step={1}
                  value={sliderFromVolume(p.volume)}
                  onChange={(e) => setVolumeSlider(Number(e.target.value))}
                  aria-label={text.volumeLevel}
                />
                <span>{sliderFromVolume(p.volume)}</span>
              </div>
            )}
          </div>
          <div className={styles.popupAnchor}>
            <button
              type="button"
              onClick={() => toggle('list')}
              aria-label={text.myList}
              aria-expanded={popup === 'list'}
              data-play-type={p.playType}
            >
              <ListIcon /> {p.customerMusicList.length}
            </button>
            {popup === 'list' && (
              <div className={`${styles.popup} ${styles.listPopup}`} role="region" aria-label={text.myList}>
                {p.customerMusicList.length === 0 ? (
                  <p className={styles.muted}>{text.myListEmpty}</p>
                ) : (
                  <ul>
                    {p.customerMusicList.map((song) => (
                      <li key={song.id} data-current={song.id === p.musicInfo?.id || undefined}>
                        <button type="button" onClick={() => void playSong(song, 'CUSTOM')}>
                          {song.name}
                        </button>
                        <button
                          type="button"
                          onClick={() => removeFromCustom(song.id)}
                          aria-label={text.removeFromList(song.name)}
                        >
                          {text.remove}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </div>
        </div>
      </div>
    </footer>
  );
}

import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatPlayTime, sliderFromVolume, type PlayModel } from '../../lib/player';
import {
  cycleMode, playNeighbour, playSong, removeFromCustom, seekPercent, setVolumeSlider, toggleLyricBoard, togglePlay,
} from '../../stores/playback';
import { $player } from '../../stores/player';
import { PlayIcon } from './Disc';
import { ListIcon, ModeIcon, NextIcon, PreviousIcon, VolumeIcon } from './icons';
import { artistNames, DEFAULT_COVER } from './songText';
import styles from './Controller.module.scss';

const MODE_NAMES: Record<PlayModel, string> = { RANDOM: '随机播放', LISTLOOP: '列表循环', SINGLECYCLE: '单曲循环' };

/** The bottom bar: progress, the song, previous / play / next, mode, volume and my list. */
export default function Controller() {
  const p = useStore($player, { keys: ['isPaused', 'currentTime', 'duration', 'currentSchedule', 'musicDescription', 'playModel', 'volume', 'customerMusicList', 'musicInfo', 'playType'] });
  const [popup, setPopup] = useState<'volume' | 'list' | null>(null);
  const toggle = (name: 'volume' | 'list') => setPopup((open) => (open === name ? null : name));

  return (
    <footer className={styles.controller}>
      <div className={styles.progress}>
        <span>{formatPlayTime(p.currentTime)}</span>
        <input type="range" min={0} max={100} step={0.1} value={p.currentSchedule} onChange={(e) => seekPercent(Number(e.target.value))} aria-label="播放进度" aria-valuetext={`${formatPlayTime(p.currentTime)} / ${formatPlayTime(p.duration)}`} disabled={!p.musicInfo} />
        <span>{formatPlayTime(p.duration)}</span>
      </div>
      <div className={styles.bar}>
        <button type="button" className={styles.nowPlaying} onClick={() => toggleLyricBoard(true)} aria-label="打开歌词" disabled={!p.musicDescription}>
          <img src={p.musicDescription?.al.picUrl || DEFAULT_COVER} alt="" width="44" height="44" />
          <span>
            <strong data-testid="now-playing">{p.musicDescription?.name ?? '未在播放'}</strong>
            <span>{p.musicDescription ? artistNames(p.musicDescription.ar) : ''}</span>
          </span>
        </button>
        <div className={styles.transport}>
          <button type="button" onClick={() => void playNeighbour(-1)} aria-label="上一首"><PreviousIcon /></button>
          <button type="button" className={styles.play} onClick={() => void togglePlay()} aria-label={p.isPaused ? '播放' : '暂停'} data-testid="player-toggle">
            <PlayIcon paused={p.isPaused} />
          </button>
          <button type="button" onClick={() => void playNeighbour(1)} aria-label="下一首"><NextIcon /></button>
        </div>
        <div className={styles.extras}>
          <button type="button" onClick={cycleMode} aria-label={`播放模式：${MODE_NAMES[p.playModel]}`} data-mode={p.playModel} title={MODE_NAMES[p.playModel]}>
            <ModeIcon mode={p.playModel} />
          </button>
          <div className={styles.popupAnchor}>
            <button type="button" onClick={() => toggle('volume')} aria-label="音量" aria-expanded={popup === 'volume'}><VolumeIcon /></button>
            {popup === 'volume' && (
              <div className={styles.popup}>
                <input type="range" min={0} max={100} step={1} value={sliderFromVolume(p.volume)} onChange={(e) => setVolumeSlider(Number(e.target.value))} aria-label="音量大小" />
                <span>{sliderFromVolume(p.volume)}</span>
              </div>
            )}
          </div>
          <div className={styles.popupAnchor}>
            <button type="button" onClick={() => toggle('list')} aria-label="我的列表" aria-expanded={popup === 'list'} data-play-type={p.playType}>
              <ListIcon /> {p.customerMusicList.length}
            </button>
            {popup === 'list' && (
              <div className={`${styles.popup} ${styles.listPopup}`} role="region" aria-label="我的列表">
                {p.customerMusicList.length === 0 ? (
                  <p className={styles.muted}>还没有添加歌曲</p>
                ) : (
                  <ul>
                    {p.customerMusicList.map((song) => (
                      <li key={song.id} data-current={song.id === p.musicInfo?.id || undefined}>
                        <button type="button" onClick={() => void playSong(song, 'CUSTOM')}>{song.name}</button>
                        <button type="button" onClick={() => removeFromCustom(song.id)} aria-label={`从我的列表删除 ${song.name}`}>删除</button>
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

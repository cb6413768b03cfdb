import type { ReactNode } from 'react';
import type { Song } from '../../client/music';
import { artistNames } from './songText';
import styles from './Panel.module.scss';

interface Props {
  songs: Song[];
  currentId: number | null;
  customIds: Set<number>;
  onPlay: (song: Song) => void;
  onAdd?: (song: Song) => void;
  footer?: ReactNode;
  label: string;
}

/** Songs with the spec's columns 歌曲, 歌手, 其他; a name plays its song, the plus adds it to my list. */
export default function SongTable({ songs, currentId, customIds, onPlay, onAdd, footer, label }: Props) {
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">歌曲</th>
          <th scope="col">歌手</th>
          <th scope="col">其他</th>
          {onAdd && <th scope="col"><span className="visually-hidden">添加</span></th>}
        </tr>
      </thead>
      <tbody>
        {songs.map((song) => (
          <tr key={song.id} data-current={song.id === currentId || undefined}>
            <td>
              <button type="button" className={styles.songName} onClick={() => onPlay(song)}>
                {song.name}
              </button>
            </td>
            <td>{artistNames(song.ar)}</td>
            <td className={styles.muted}>{song.awardName || song.alia?.[0] || song.al?.name || ''}</td>
            {onAdd && (
              <td>
                <button
                  type="button"
                  className={styles.add}
                  onClick={() => onAdd(song)}
                  data-active={customIds.has(song.id) || undefined}
                  aria-label={customIds.has(song.id) ? `${song.name} 已在我的列表` : `把 ${song.name} 添加到我的列表`}
                >
                  {customIds.has(song.id) ? '✓' : '+'}
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
      {footer && (
        <tfoot>
          <tr>
            <td colSpan={onAdd ? 4 : 3}>{footer}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

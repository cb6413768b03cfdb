import type { ReactNode } from 'react';
import type { Song } from '../../client/music';
import { t } from '../../i18n/zh-CN';
import { artistNames } from './songText';
import styles from './Panel.module.scss';

const { columns } = t.player;

interface Props {
  songs: Song[];
  currentId: number | null;
  customIds: Set<number>;
  onPlay: (song: Song) => void;
  onAdd?: (song: Song) => void;
  footer?: ReactNode;
  label: string;
}

/** Songs with the columns 歌曲, 歌手, 其他; a name plays its song, the plus adds it to my list. */
export default function SongTable({ songs, currentId, customIds, onPlay, onAdd, footer, label }: Props) {
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{columns.song}</th>
          <th scope="col">{columns.artist}</th>
          <th scope="col">{columns.other}</th>
          {onAdd && (
            <th scope="col">
              <span className="visually-hidden">{columns.add}</span>
            </th>
          )}
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
                  aria-label={customIds.has(song.id) ? t.player.inList(song.name) : t.player.addToList(song.name)}
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

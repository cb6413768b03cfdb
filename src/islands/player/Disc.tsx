import { useStore } from '@nanostores/react';
import type { Ref } from 'react';
import { t } from '../../i18n/zh-CN';
import { togglePlay } from '../../stores/playback';
import { openPanel } from '../../stores/playerPanel';
import { $player } from '../../stores/player';
import { foldPlayer } from '../../stores/playerFold';
import { DISC_OPEN_ATTRIBUTE, UNFOLD_BUTTON_ATTRIBUTE } from '../../lib/browser/playerFold';
import { useHydrated } from '../shared/useHydrated';
import { artistNames, DEFAULT_COVER } from './songText';
import styles from './Player.module.scss';

/** The button that folded the pill goes with it: focus moves to the one that brings it back. */
function fold() {
  foldPlayer();
  document.querySelector<HTMLElement>(`[${UNFOLD_BUTTON_ATTRIBUTE}]`)?.focus();
}

/** The collapsed player: a spinning cover, the song, play/pause, and a button that folds it away. */
export default function Disc({
  hidden = false,
  openButton,
}: {
  hidden?: boolean;
  openButton?: Ref<HTMLButtonElement>;
}) {
  const stored = useStore($player, { keys: ['musicDescription', 'isPaused'] });
  // The song restored from session storage appears right after hydration; the server showed none.
  const { musicDescription, isPaused } = useHydrated() ? stored : { musicDescription: null, isPaused: true };
  const name = musicDescription?.name ?? t.player.idleTitle;
  const detail = musicDescription ? artistNames(musicDescription.ar) : t.player.idleHint;
  return (
    <div className={styles.disc} data-playing={!isPaused} hidden={hidden} data-testid="music-pill">
      {/* The name begins with the text on the button (the song, then the artist), as voice control expects. */}
      <button
        type="button"
        ref={openButton}
        className={styles.discOpen}
        {...{ [DISC_OPEN_ATTRIBUTE]: '' }}
        onClick={openPanel}
        aria-label={t.player.openPlayer(`${name} ${detail}`)}
      >
        <img
          className={styles.discCover}
          src={musicDescription?.al.picUrl || DEFAULT_COVER}
          alt=""
          width="48"
          height="48"
        />
        <span className={styles.discText}>
          <strong data-testid="disc-name">{name}</strong> <span>{detail}</span>
        </span>
      </button>
      <button
        type="button"
        className={styles.iconButton}
        onClick={() => void togglePlay()}
        aria-label={isPaused ? t.player.play : t.player.pause}
        data-testid="disc-toggle"
      >
        <PlayIcon paused={isPaused} />
      </button>
      <button type="button" className={`${styles.iconButton} ${styles.fold}`} onClick={fold} aria-label={t.player.fold}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 8l7 8 7-8z" />
        </svg>
      </button>
    </div>
  );
}

export function PlayIcon({ paused }: { paused: boolean }) {
  return paused ? (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M8 5v14l11-7z" />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M7 5h4v14H7zM13 5h4v14h-4z" />
    </svg>
  );
}

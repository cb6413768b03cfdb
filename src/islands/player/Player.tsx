import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { attachAudio, bindMediaKeys, togglePlay } from '../../stores/playback';
import { $player } from '../../stores/player';
import { useHydrated } from '../shared/useHydrated';
import { neverOnServer } from '../shared/useOnDemand';
import Disc from './Disc';
import styles from './Player.module.scss';

// The panel and the lyric board load when first opened, so the idle cost stays the disc. The
// browser alone loads them (see neverOnServer), so their stylesheets arrive with their chunks,
// applied before the chunk's promise resolves and so before they render.
const Panel = lazy(() => (import.meta.env.SSR ? neverOnServer() : import('./Panel')));
const LyricBoard = lazy(() => (import.meta.env.SSR ? neverOnServer() : import('./LyricBoard')));

/**
 * Space toggles playback while the player is open, unless the reader is typing or on a control
 * that uses space itself. With the player closed, space keeps scrolling the page.
 */
function isSpaceForPlayer(e: KeyboardEvent, root: HTMLElement | null): boolean {
  if (e.code !== 'Space' || e.ctrlKey || e.metaKey || e.altKey) return false;
  // The console shows no player: space is the page's there.
  if (!root?.checkVisibility()) return false;
  const { isShow, showLyricBoard } = $player.get();
  if (!isShow && !showLyricBoard) return false;
  const target = e.target as HTMLElement | null;
  return !target?.closest('input, textarea, select, button, a, [contenteditable="true"], [role="slider"]');
}

/** The site-wide player. It lives in the layout with transition:persist, so its <audio> never stops on navigation. */
export default function Player() {
  const root = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const discButton = useRef<HTMLButtonElement>(null);
  const stored = useStore($player, { keys: ['isShow', 'showLyricBoard'] });
  // The server rendered the closed player; a reload restores an open one only after hydrating.
  const { isShow, showLyricBoard } = useHydrated() ? stored : { isShow: false, showLyricBoard: false };

  useEffect(() => {
    const detach = attachAudio(audio.current!);
    bindMediaKeys();
    const onKey = (e: KeyboardEvent) => {
      if (!isSpaceForPlayer(e, root.current)) return;
      e.preventDefault();
      void togglePlay();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      detach();
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <div className={styles.root} ref={root}>
      {/* No download before the first play, to spare mobile data. */}
      <audio ref={audio} preload="none" data-testid="player-audio" />
      {/* Hidden rather than removed while the panel is open, so that closing the panel can give it focus back. */}
      <Disc hidden={isShow} openButton={discButton} />
      {/* A boundary each: while the lyric board's code loads, the open panel must not be hidden (and lose focus). */}
      <Suspense fallback={null}>{isShow && <Panel returnFocus={discButton} />}</Suspense>
      <Suspense fallback={null}>{showLyricBoard && <LyricBoard />}</Suspense>
    </div>
  );
}

/**
 * Whether the reader has a network: the header's 「离线」 mark, and the parts that need the server
 * (comments, likes, the board, music), say so in one line instead of failing.
 */
import { atom, onMount } from 'nanostores';

export const $online = atom(typeof navigator === 'undefined' ? true : navigator.onLine);

onMount($online, () => {
  // Islands render once at build time too, where there is no network to follow.
  if (typeof window === 'undefined') return;
  const update = () => $online.set(navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
});

/** What the player's panel changes without touching the audio: which overlays show, and the reader's own list. */
import type { Song } from '../client/music';
import { needsNetworkText } from '../i18n/needsNetwork.zh-CN';
import { t } from '../i18n/zh-CN';
import { addToList, removeFromList } from '../lib/browser/player';
import { $player } from './player';
import { showToast } from './toast';

const text = t.player;
const set = $player.setKey;

export function addToCustom(song: Song): void {
  const { list, added } = addToList($player.get().customerMusicList, song);
  if (!added) return;
  set('customerMusicList', list);
  set('playType', 'CUSTOM');
  showToast(text.added, 'success', { duration: 1000 });
}

export function removeFromCustom(id: number): void {
  const list = removeFromList($player.get().customerMusicList, id);
  set('customerMusicList', list);
  set('playType', list.length ? 'CUSTOM' : 'TOP');
  showToast(text.removed, 'success', { duration: 1000 });
}

export const togglePanel = (show = !$player.get().isShow) => set('isShow', show);

/** The disc's way in. Offline it only says that music needs the network: nothing in the panel would play. */
export function openPanel(): void {
  if (!navigator.onLine) return void showToast(needsNetworkText.music, 'info');
  togglePanel(true);
}
export const toggleLyricBoard = (show = !$player.get().showLyricBoard) => set('showLyricBoard', show);
export const setLyricType = (type: 'COMMON' | 'SPECIAL') => set('lyricType', type);
export const toggleCoverFullscreen = () => set('isToggleImg', !$player.get().isToggleImg);

/**
 * The pill folded away or not, remembered across page loads (and tabs). Only the pill's view
 * follows it: the audio and the rest of the player's state never do.
 */
import { persistentBoolean } from '@nanostores/persistent';
import { PLAYER_FOLDED_ATTRIBUTE, PLAYER_FOLDED_KEY } from '../lib/browser/playerFold';

export const $playerFolded = persistentBoolean(PLAYER_FOLDED_KEY);

export const foldPlayer = () => $playerFolded.set(true);
export const unfoldPlayer = () => $playerFolded.set(false);

// The attribute the styles follow. The inline boot script set it before first paint and sets it
// after every navigation; this keeps it in step when the reader folds or unfolds, here or in another tab.
if (typeof document !== 'undefined') {
  $playerFolded.subscribe((folded) => document.documentElement.toggleAttribute(PLAYER_FOLDED_ATTRIBUTE, folded));
}

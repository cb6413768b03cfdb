/**
 * The pill folded away or not, remembered across page loads (and tabs). Only the pill's view
 * follows it: the audio and the rest of the player's state never do.
 */
import { persistentAtom } from '@nanostores/persistent';
import { isFoldedValue, PLAYER_FOLDED_ATTRIBUTE, PLAYER_FOLDED_KEY } from '../lib/browser/playerFold';
import { storedCodec } from '../lib/browser/storage';

export const $playerFolded = persistentAtom<boolean>(PLAYER_FOLDED_KEY, false, storedCodec(false, isFoldedValue));

export const foldPlayer = () => $playerFolded.set(true);
export const unfoldPlayer = () => $playerFolded.set(false);

// The attribute the styles follow. The inline boot script set it before first paint and sets it
// after every navigation; this keeps it in step when the reader folds or unfolds, here or in another tab.
if (typeof document !== 'undefined') {
  $playerFolded.subscribe((folded) => document.documentElement.toggleAttribute(PLAYER_FOLDED_ATTRIBUTE, folded));
}

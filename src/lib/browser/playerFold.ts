/**
 * Whether the reader folded the music player's pill away. Folding hides the pill only: the music
 * plays on. The choice is kept in local storage (a nanostores persistent boolean: 'yes' while
 * folded) and shows as an attribute on <html>, which the styles follow: the pill, and the room the
 * page keeps for it, go away before first paint (pageBoot.ts).
 */

export const PLAYER_FOLDED_KEY = 'blogPlayerFolded';
/** On <html> while the pill is folded away. */
export const PLAYER_FOLDED_ATTRIBUTE = 'data-player-folded';
/** How the persistent boolean stores true. */
export const FOLDED_STORED = 'yes';

/** Marks the header's button that brings the pill back, and the pill's button that opens the panel: focus moves between them. */
export const UNFOLD_BUTTON_ATTRIBUTE = 'data-player-unfold';
export const DISC_OPEN_ATTRIBUTE = 'data-player-open';

/**
 * Whether the reader folded the music player's pill away. Folding hides the pill only: the music
 * plays on. The choice is kept in local storage, in the encoding of the site's other stored values,
 * and shows as an attribute on <html>, which the styles follow: the pill, and the room the page
 * keeps for it, go away before first paint.
 */

export const PLAYER_FOLDED_KEY = 'blogPlayerFolded';
/** On <html> while the pill is folded away. */
export const PLAYER_FOLDED_ATTRIBUTE = 'data-player-folded';

/** Marks the header's button that brings the pill back, and the pill's button that opens the panel: focus moves between them. */
export const UNFOLD_BUTTON_ATTRIBUTE = 'data-player-unfold';
export const DISC_OPEN_ATTRIBUTE = 'data-player-open';

export const isFoldedValue = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * The inline script that marks <html> before first paint, and again after every client-side
 * navigation (the router gives <html> the new page's attributes). It stands alone, so it decodes
 * the stored value itself (storage.ts: base64 of URI-encoded JSON); a unit test runs it against
 * the store's encoding.
 */
export const playerFoldBootScript = `(function(){
function apply(){var on=false;try{var raw=localStorage.getItem(${JSON.stringify(PLAYER_FOLDED_KEY)});on=!!raw&&JSON.parse(decodeURIComponent(atob(raw)))===true}catch(e){}document.documentElement.toggleAttribute(${JSON.stringify(PLAYER_FOLDED_ATTRIBUTE)},on)}
apply();document.addEventListener('astro:after-swap',apply);
})();`;

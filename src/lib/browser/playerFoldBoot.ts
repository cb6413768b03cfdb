/**
 * The pill folded away before first paint: a module of its own, as the layout alone uses it, so
 * that the islands which fold and unfold the pill do not carry its text.
 */
import { FOLDED_STORED, PLAYER_FOLDED_ATTRIBUTE, PLAYER_FOLDED_KEY } from './playerFold';

/**
 * The inline script that marks <html> before first paint, and again after every client-side
 * navigation (the router gives <html> the new page's attributes). It stands alone, and every page
 * carries it, so it is as short as it can be; a unit test runs it against the store's encoding.
 */
export const playerFoldBootScript = `(function(){function f(){try{document.documentElement.toggleAttribute(${JSON.stringify(PLAYER_FOLDED_ATTRIBUTE)},localStorage.getItem(${JSON.stringify(PLAYER_FOLDED_KEY)})===${JSON.stringify(FOLDED_STORED)})}catch(e){}}f();document.addEventListener('astro:after-swap',f)})();`;

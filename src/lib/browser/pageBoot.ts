/**
 * The inline script every page runs before first paint, and again after every client-side
 * navigation (the router gives <html> the new page's attributes): the theme, on <html> and in the
 * browser's bar, and with the music player, whether its pill is folded away. A module of its own,
 * as the layout alone uses it, so that the islands do not carry its text.
 */
import { encodeStored } from './storage';
import { LIGHT_FROM_HOUR, LIGHT_UNTIL_HOUR, THEME_COLORS, THEME_STORAGE_KEY } from './theme';
import { FOLDED_STORED, PLAYER_FOLDED_ATTRIBUTE, PLAYER_FOLDED_KEY } from './playerFold';

const literal = (value: string) => JSON.stringify(value);

/**
 * It stands alone (no imports) and is in every page's first flight, so it is as short as it can
 * be: it compares the stored theme with the two texts the theme store writes instead of decoding
 * it, and repeats themeForHour's rule. Unit tests run it against themeForHour and the stores.
 */
export function pageBootScript({ playerFold }: { playerFold: boolean }): string {
  const fold = playerFold
    ? `e.toggleAttribute(${literal(PLAYER_FOLDED_ATTRIBUTE)},l.getItem(${literal(PLAYER_FOLDED_KEY)})==${literal(FOLDED_STORED)});`
    : '';
  const theme =
    `t=s==${literal(encodeStored('dark'))}?"dark":s==${literal(encodeStored('light'))}?"light":` +
    `(s=new Date().getHours())>=${LIGHT_FROM_HOUR}&&s<${LIGHT_UNTIL_HOUR}?"light":"dark";`;
  return (
    `(function(){var d=document,e=d.documentElement;function a(){var l,s,t;` +
    // Storage that refuses to be read (a sandboxed frame, some private modes) leaves the defaults.
    `try{l=localStorage;${fold}s=l.getItem(${literal(THEME_STORAGE_KEY)})}catch(x){}${theme}` +
    `e.setAttribute("data-theme",t);e.style.colorScheme=t;` +
    `(s=d.querySelector("meta[name=theme-color]"))&&s.setAttribute("content",t=="dark"?${literal(THEME_COLORS.dark)}:${literal(THEME_COLORS.light)})}` +
    `a();d.addEventListener("astro:after-swap",a)})();`
  );
}

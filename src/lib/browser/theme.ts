export type Theme = 'light' | 'dark';

/** Light from 08:00 until 18:00, dark otherwise, when the reader has not chosen. */
export const LIGHT_FROM_HOUR = 8;
export const LIGHT_UNTIL_HOUR = 18;
export const THEME_STORAGE_KEY = 'mainTheme';
/** The browser's bar colour for each theme: the page background of tokens.scss. */
export const THEME_COLORS: Record<Theme, string> = { light: '#f4f5f7', dark: '#14161a' };

export function themeForHour(hour: number): Theme {
  return hour >= LIGHT_FROM_HOUR && hour < LIGHT_UNTIL_HOUR ? 'light' : 'dark';
}

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/**
 * The inline script that sets `data-theme` before first paint and again after every
 * client-side navigation. It must stand alone (no imports), so it repeats the rules above;
 * a unit test runs it against themeForHour to keep the two in step.
 */
export const themeBootScript = `(function(){
var KEY=${JSON.stringify(THEME_STORAGE_KEY)};
function saved(){try{var raw=localStorage.getItem(KEY);if(!raw)return null;var v=JSON.parse(decodeURIComponent(atob(raw)));return v==='light'||v==='dark'?v:null}catch(e){return null}}
function apply(){var h=new Date().getHours();var t=saved()||(h>=${LIGHT_FROM_HOUR}&&h<${LIGHT_UNTIL_HOUR}?'light':'dark');document.documentElement.setAttribute('data-theme',t);document.documentElement.style.colorScheme=t;var m=document.querySelector('meta[name="theme-color"]');if(m)m.setAttribute('content',t==='dark'?${JSON.stringify(THEME_COLORS.dark)}:${JSON.stringify(THEME_COLORS.light)})}
apply();document.addEventListener('astro:after-swap',apply);
})();`;

/**
 * The colours a message-board post may carry: CSS hex, `rgb()`, `rgba()`, `hsl()`, `hsla()` and
 * `transparent`, plus the `hsv()` / `hsva()` the original front end's colour picker offers, which
 * CSS does not know and is turned into `rgb()` / `rgba()`. The value ends up in a style
 * attribute, so only these plain forms pass: no `url()`, no `var()`, no `;`.
 *
 * Every pattern here runs in linear time, and the length is checked before any of them runs.
 */

/** Longer than any colour written in these forms, with generous spaces. */
export const CSS_COLOR_MAX_CHARS = 64;

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
// A number: digits with an optional fraction, or a bare fraction. No two parts can match the same digits.
const NUMBER = String.raw`(\d{1,3}(?:\.\d{1,6})?|\.\d{1,6})`;
const ALPHA = String.raw`(?:\s*,\s*${NUMBER}(%?))?`;
const FUNCTION = new RegExp(
  String.raw`^(rgba?|hsla?|hsva?)\(\s*${NUMBER}(deg)?\s*,\s*${NUMBER}(%?)\s*,\s*${NUMBER}(%?)${ALPHA}\s*\)$`,
  'i',
);

/** An alpha of 0 to 1, or 0% to 100%. */
const alphaOf = (value: string | undefined, percent: string | undefined): number | null => {
  if (value === undefined) return 1;
  const alpha = percent ? Number(value) / 100 : Number(value);
  return alpha >= 0 && alpha <= 1 ? alpha : null;
};

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/** HSV (hue in degrees, saturation and value 0–100) to RGB channels 0–255. */
export function hsvToRgb(hue: number, saturation: number, value: number): [number, number, number] {
  const s = saturation / 100;
  const v = value / 100;
  const channel = (n: number) => {
    const k = (n + hue / 60) % 6;
    return Math.round(255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [channel(5), channel(3), channel(1)];
}

/**
 * The CSS to use for `value`, or null when it is not one of the accepted colours. Accepted CSS
 * comes back as written; `hsv()` comes back as `rgb()`, `hsva()` as `rgba()`.
 */
export function cssColor(value: string): string | null {
  if (value.length > CSS_COLOR_MAX_CHARS) return null;
  if (value.toLowerCase() === 'transparent' || HEX.test(value)) return value;
  const match = FUNCTION.exec(value);
  if (!match) return null;
  const [, name, first, degrees, second, secondPercent, third, thirdPercent, alphaValue, alphaPercent] = match;
  const kind = name.toLowerCase().slice(0, 3);
  const alpha = alphaOf(alphaValue, alphaPercent);
  if (alpha === null) return null;
  const [a, b, c] = [Number(first), Number(second), Number(third)];
  if (kind === 'rgb') {
    const valid = !degrees && !secondPercent && !thirdPercent && [a, b, c].every((channel) => channel <= 255);
    return valid ? value : null;
  }
  // hsl and hsv: a hue, then two percentages.
  if (a > 360 || !secondPercent || !thirdPercent || b > 100 || c > 100) return null;
  if (kind === 'hsl') return value;
  const [red, green, blue] = hsvToRgb(a, b, c);
  return alphaValue === undefined
    ? `rgb(${red}, ${green}, ${blue})`
    : `rgba(${red}, ${green}, ${blue}, ${round(alpha)})`;
}

export const isCssColor = (value: string): boolean => cssColor(value) !== null;

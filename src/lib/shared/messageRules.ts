/**
 * The rules of a message's fields. Each answers the problem in Chinese, or null when
 * the value is fine. Values arrive trimmed; `''` always means the board's default look.
 * The style values end up in a style attribute, so only plain forms are let through: no
 * `url()`, no `var()`, no `;`.
 */
import {
  MESSAGE_FONT_SIZE_MAX_PX,
  MESSAGE_FONT_SIZE_MIN_PX,
  MESSAGE_MAX_CHARS,
  MESSAGE_TAG_MAX_CHARS,
} from '../../contract/limits.ts';
import { isCssColor } from './cssColor.ts';
import { charCount as chars, hasControlCharacters } from './text.ts';

export function messageProblem(text: string): string | null {
  if (text === '') return '留言内容不能为空';
  if (chars(text) > MESSAGE_MAX_CHARS) return `留言内容最多 ${MESSAGE_MAX_CHARS} 个字`;
  if (hasControlCharacters(text)) return '留言内容不能包含控制字符';
  return null;
}

export const colorProblem = (label: string) => (value: string) =>
  value === '' || isCssColor(value)
    ? null
    : `${label}必须是 #rrggbb、rgb()、rgba()、hsl()、hsla() 形式的颜色，或 transparent`;

const PIXELS = /^([1-9]\d{0,2})px$/;

/** A font size as the form or the original front end sends it (16, "16", "16px"), as the CSS `"16px"`; `''` for none. */
export function fontSizeCss(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value).trim();
  return /^\d{1,3}$/.test(text) ? `${text}px` : text;
}

/** The pixels of a stored `"16px"`, or null for the default. */
export const fontSizePx = (css: string): number | null =>
  css && !fontSizeProblem(css) ? Number(PIXELS.exec(css)![1]) : null;

export function fontSizeProblem(value: string): string | null {
  const px = Number(PIXELS.exec(value)?.[1] ?? NaN);
  if (value === '' || (px >= MESSAGE_FONT_SIZE_MIN_PX && px <= MESSAGE_FONT_SIZE_MAX_PX)) return null;
  return `字号必须是 ${MESSAGE_FONT_SIZE_MIN_PX}px 到 ${MESSAGE_FONT_SIZE_MAX_PX}px 之间的整数像素`;
}

const FONT_WEIGHT = /^(?:normal|bold|[1-9]00)$/;

export const fontWeightProblem = (value: string): string | null =>
  value === '' || FONT_WEIGHT.test(value) ? null : '字重只能是 normal、bold 或 100 到 900 之间的整百数';

export function tagProblem(value: string): string | null {
  if (value === '') return null;
  if (chars(value) > MESSAGE_TAG_MAX_CHARS) return `标签最多 ${MESSAGE_TAG_MAX_CHARS} 个字`;
  if (/[<>]/.test(value)) return '标签不能包含 < 或 >';
  if (hasControlCharacters(value) || /[\t\r\n]/.test(value)) return '标签不能包含控制字符或换行';
  return null;
}

/** Splits user text into plain parts and web addresses, so a view can make the addresses links. */
import { trimEnd } from '../shared/trim.ts';

export type TextPart = { text: string } | { url: string };

// http(s) addresses up to whitespace or a character that rarely ends one in Chinese text.
const URL_PATTERN = /https?:\/\/[^\s<>"'，。！？、；：“”‘’（）【】《》]+/gi;
// Punctuation right after an address is usually the sentence's, not the address's.
const TRAILING = '.,!?;:)]}';

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimEnd(match[0], TRAILING);
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

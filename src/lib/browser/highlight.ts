export interface TextPart {
  text: string;
  match: boolean;
}

/** Splits text around every case-insensitive occurrence of the keyword, for <mark>ing. */
export function highlightParts(text: string, keyword: string): TextPart[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const lower = text.toLowerCase();
  // Lower-casing can change length for a few scripts; then fall back to no highlight rather than cut wrongly.
  if (lower.length !== text.length) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

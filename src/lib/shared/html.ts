/** Small HTML rules shared by the server and the islands: escaping, and when text counts as HTML. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place inside HTML, in element content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

const UNESCAPES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#38': '&',
  '#60': '<',
  '#62': '>',
  '#34': '"',
  '#39': "'",
  '#x26': '&',
  '#x3c': '<',
  '#x3e': '>',
  '#x22': '"',
  '#x27': "'",
};

/**
 * The text behind escaped HTML: the five characters escapeHtml writes, by name or by number, read
 * back in one pass (so `&amp;lt;` is `&lt;`, never `<`). Any other reference is left as it is.
 */
export function unescapeHtml(text: string): string {
  return text.replace(
    /&(#x[0-9a-f]{2}|#\d{2}|[a-z]{2,4});/gi,
    (whole, name: string) => UNESCAPES[name.toLowerCase()] ?? whole,
  );
}

/**
 * HTML built from a template whose values are escaped: `html\`<b>${nickName}</b> 评论了你\``.
 * Only the template's own text may carry markup.
 */
export function html(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? escapeHtml(String(values[i])) : ''), '');
}

const TAG = /<\/?[a-z][^>]*>/i;
const FORBIDDEN_WORDS = /script|alert|window|prompt|location|href|iframe|onload|onerror/i;

/**
 * The original front end's rule for a notification's or message's text: it is shown as HTML only
 * when it holds a tag and none of these words. The HTML still goes through the sanitiser.
 */
export function looksLikeHtml(text: string): boolean {
  return TAG.test(text) && !FORBIDDEN_WORDS.test(text);
}

/**
 * The original's comments as plain text. Its comment box is a rich input, and the front end shows
 * comments as HTML: an emoji is an `<img alt="[微笑]">`, a line break a `<br>` or a `<div>`, and
 * `<` typed by a reader is stored as `&lt;`. Ours are plain text, so each emoji becomes its name and
 * the rest its text. ultrahtml reads the HTML; it leaves entities as written, so they are decoded here.
 */
import { COMMENT_NODE, ELEMENT_NODE, parse, TEXT_NODE, type Node } from 'ultrahtml';
import { decodeHTML } from 'entities';

/** HTML text or an attribute value with its character references read, in one pass (`&amp;lt;` is `&lt;`). */
export const decodeEntities = (text: string): string => decodeHTML(text);

/** Elements that start a line of their own when shown. */
const BLOCKS = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'section',
  'article',
  'header',
  'footer',
]);
/** Elements whose content is never shown as text. */
const UNSHOWN = new Set(['script', 'style', 'template', 'noscript', 'head', 'title']);

/**
 * Where a block starts or ends: one line break however many blocks meet there, as a browser shows
 * `<div>a</div><div>b</div>`. A private-use character, which no reader types.
 */
const BLOCK_EDGE = '\uE000';

function textOf(node: Node): string {
  if (node.type === TEXT_NODE) return decodeEntities(node.value).replaceAll(BLOCK_EDGE, '');
  if (node.type === COMMENT_NODE) return '';
  if (node.type !== ELEMENT_NODE) return 'children' in node ? node.children.map(textOf).join('') : '';
  const name = node.name.toLowerCase();
  if (UNSHOWN.has(name)) return '';
  if (name === 'img') return decodeEntities(node.attributes.alt || node.attributes.title || '');
  if (name === 'br') return '\n';
  const inner = node.children.map(textOf).join('');
  return BLOCKS.has(name) ? `${BLOCK_EDGE}${inner}${BLOCK_EDGE}` : inner;
}

/**
 * ultrahtml throws on a closing tag met before any element (`</div>hi`): an empty comment first
 * gives it one. Should it throw on something else, the text with its references read is still the
 * comment, tags and all, rather than a failed import.
 */
function readHtml(html: string): string {
  try {
    return textOf(parse(`<!---->${html}`))
      .split(BLOCK_EDGE)
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n');
  } catch {
    return decodeEntities(html);
  }
}

/** Comment HTML as the text a reader saw: trimmed, no line with trailing spaces, no more than one empty line in a row. */
export function htmlToText(html: string): string {
  const text = /[<&]/.test(html) ? readHtml(html) : html;
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

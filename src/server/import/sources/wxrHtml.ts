/**
 * WordPress's HTML as our Markdown, and its comments' HTML as plain text. WordPress stores what
 * the classic editor and commenters typed, with bare line breaks, and adds the paragraphs only
 * when it shows them (wpautop): the same is done here first, or every paragraph would run into
 * one line.
 */
import TurndownService from 'turndown';
import { trimChar } from './tidy.ts';

const BLOCK_TAGS =
  'address|article|aside|blockquote|caption|col|colgroup|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|li|menu|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul';
const BLOCK_OPEN = new RegExp(`<(?:${BLOCK_TAGS})(?=[\\s/>])`, 'gi');
const BLOCK_CLOSE = new RegExp(`</(?:${BLOCK_TAGS})>`, 'gi');
const STARTS_AS_BLOCK = new RegExp(`^</?(?:${BLOCK_TAGS})(?=[\\s/>])`, 'i');

/** `<pre>` blocks cut out, so no paragraph or line break is added inside them. */
function setPresAside(html: string): { text: string; pres: string[] } {
  const lower = html.toLowerCase();
  const pres: string[] = [];
  let text = '';
  let from = 0;
  for (;;) {
    const start = lower.indexOf('<pre', from);
    const end = start < 0 ? -1 : lower.indexOf('</pre>', start);
    if (end < 0) break;
    text += `${html.slice(from, start)}\n\n<pre data-set-aside="${pres.length}"></pre>\n\n`;
    pres.push(html.slice(start, end + '</pre>'.length));
    from = end + '</pre>'.length;
  }
  return { text: text + html.slice(from), pres };
}

/** WordPress's wpautop, the part that matters here: blank lines make paragraphs, single line breaks `<br>`. */
export function addParagraphs(html: string): string {
  const { text, pres } = setPresAside(html.replace(/\r\n?/g, '\n'));
  const spaced = text.replace(BLOCK_OPEN, '\n\n$&').replace(BLOCK_CLOSE, '$&\n\n');
  const paragraphs: string[][] = [[]];
  for (const line of spaced.split('\n')) {
    const trimmed = line.trim();
    if (trimmed) paragraphs[paragraphs.length - 1].push(trimmed);
    else if (paragraphs[paragraphs.length - 1].length) paragraphs.push([]);
  }
  return paragraphs
    .filter((lines) => lines.length)
    .map((lines) => (STARTS_AS_BLOCK.test(lines[0]) ? lines.join('\n') : `<p>${lines.join('<br />\n')}</p>`))
    .join('\n')
    .replace(/<pre data-set-aside="(\d+)"><\/pre>/g, (_, index: string) => pres[Number(index)]);
}

/** The code language a `<pre>` names: `language-js` (Prism, Gutenberg) or `brush: php` (SyntaxHighlighter). */
const languageOf = (node: HTMLElement) =>
  /(?:^|\s)lang(?:uage)?-([\w+#-]+)/.exec(node.className)?.[1] ?? /brush:\s*([\w+#-]+)/.exec(node.className)?.[1] ?? '';

let markdownService: TurndownService | null = null;

function markdownTurndown(): TurndownService {
  if (markdownService) return markdownService;
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    hr: '---',
  });
  // Turndown reads `&lt;script&gt;` as the text `<script>` and writes it back as is: in Markdown that
  // is HTML again, and a post about HTML would break its own page. Text keeps `<` and `&` as text.
  const escapeMarkdown = service.escape.bind(service);
  service.escape = (text: string) => escapeMarkdown(text).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  // Turndown fences only `<pre><code>`; a bare `<pre>` (the classic editor's, SyntaxHighlighter's) is code too.
  service.addRule('barePre', {
    filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName !== 'CODE',
    replacement: (_content, node) => {
      const code = (node.textContent ?? '').replace(/\n$/, '');
      const fence = code.includes('```') ? '~~~~' : '```';
      return `\n\n${fence}${languageOf(node)}\n${code}\n${fence}\n\n`;
    },
  });
  // Turndown pads list markers to four columns (`-   item`); ours, as people write them, have one space.
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node, options) => {
      const parent = node.parentNode as HTMLElement | null;
      let prefix = `${options.bulletListMarker} `;
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? 1);
        prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const inner = trimChar(content, '\n') + (content.endsWith('\n') ? '\n' : '');
      return `${prefix}${inner.replaceAll('\n', `\n${' '.repeat(prefix.length)}`)}${node.nextSibling ? '\n' : ''}`;
    },
  });
  // A player has no Markdown form, and raw HTML from another site is not ours to run: a link to what it played.
  service.addRule('embed', {
    filter: ['iframe', 'video', 'audio'],
    replacement: (_content, node) => {
      const src = node.getAttribute('src') ?? node.querySelector('source[src]')?.getAttribute('src') ?? '';
      return /^(?:https?:)?\/\//i.test(src) || src.startsWith('/') ? `[${EMBED_LINK_TEXT}](${src})` : '';
    },
  });
  service.remove(['script', 'style', 'noscript']);
  markdownService = service;
  return service;
}

const EMBED_LINK_TEXT = '嵌入的内容';

/** The embedded players (`iframe`, `video`, `audio`) a post has, which become links. */
export const embedsIn = (html: string): string[] => [
  ...new Set([...html.matchAll(/<(iframe|video|audio)\b/gi)].map(([, tag]) => tag.toLowerCase())),
];

/** `[caption]` only wraps a picture and its caption, which stay; other shortcodes are left as text and named. */
function unwrapCaptions(html: string): string {
  return html.replace(/\[caption\b[^\]]{0,1000}\]/gi, '').replace(/\[\/caption\]/gi, '');
}

/** The shortcodes (`[gallery ids="1,2"]`) a text keeps as words, by name. */
export function shortcodesIn(html: string): string[] {
  const names = new Set<string>();
  for (const [, name] of html.matchAll(/\[\/([a-z][\w-]{0,40})\]/gi)) names.add(name.toLowerCase());
  for (const [, name] of html.matchAll(/\[(gallery|embed|audio|video|playlist)\b/gi)) names.add(name.toLowerCase());
  names.delete('caption');
  return [...names];
}

/** A post's content as Markdown: pictures as `![alt](src)`, code as fenced blocks. */
export function postToMarkdown(html: string): string {
  const unwrapped = unwrapCaptions(html);
  // Block-editor content has its paragraphs written in; only the classic editor's needs them added.
  const withParagraphs = unwrapped.includes('<!-- wp:') ? unwrapped : addParagraphs(unwrapped);
  return markdownTurndown().turndown(withParagraphs).trim();
}

let textService: TurndownService | null = null;

function textTurndown(): TurndownService {
  if (textService) return textService;
  const service = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', br: '' });
  service.remove(['script', 'style', 'noscript', 'iframe', 'video', 'audio']);
  // Plain text: nothing is Markdown, so nothing needs escaping.
  service.escape = (text) => text;
  service.addRule('plainInline', {
    filter: ['strong', 'b', 'em', 'i', 'u', 's', 'del', 'code', 'span', 'small', 'sup', 'sub', 'abbr', 'cite', 'q'],
    replacement: (content) => content,
  });
  service.addRule('plainLink', {
    filter: 'a',
    replacement: (content, node) => {
      const href = node.getAttribute('href') ?? '';
      return href && href !== content && /^https?:/i.test(href) ? `${content}（${href}）` : content;
    },
  });
  service.addRule('plainImage', { filter: 'img', replacement: (_content, node) => node.getAttribute('alt') ?? '' });
  service.addRule('plainHeading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content) => `\n\n${content}\n\n`,
  });
  service.addRule('plainCode', {
    filter: 'pre',
    replacement: (_content, node) => `\n\n${node.textContent ?? ''}\n\n`,
  });
  textService = service;
  return service;
}

/** A comment's (or an excerpt's) HTML as the plain text our comments hold. */
export function htmlToText(html: string): string {
  if (!html.trim()) return '';
  return textTurndown().turndown(addParagraphs(html)).trim();
}

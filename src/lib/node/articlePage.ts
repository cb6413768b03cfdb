/**
 * An article's built page with its text replaced: title, description, counts, the 更新于 line, the
 * table of contents and the body. Everything else (header, scripts, islands, styles) stays byte for
 * byte as the build wrote it, so the page keeps its first flight and its Content-Security-Policy.
 * A change this cannot express (a table of contents appearing or vanishing) gives null: the full
 * build then publishes it.
 */
import { ELEMENT_NODE, parse, walkSync, type ElementNode } from 'ultrahtml';
import { escapeHtml } from '../shared/html.ts';

export interface ArticleText {
  /** The page title as the layout writes it (`<title>`). */
  fullTitle: string;
  title: string;
  description: string;
  /** The banner's counts, in words: `485 字`, `约 2 分钟`. */
  words: string;
  minutes: string;
  /** `更新于 2026-11-28`, or null for an article never updated. */
  updated: string | null;
  headings: { depth: number; slug: string; text: string }[];
  /** The rendered body, images already filled in. */
  body: string;
}

/** Marks the page template (src/pages/article/[id].astro) puts on the parts that hold the article's text. */
export const PART = 'data-part';

interface Edit {
  start: number;
  end: number;
  text: string;
}

const attribute = (value: string) => escapeHtml(value).replaceAll('"', '&quot;');
const elements = (root: unknown): ElementNode[] => {
  const found: ElementNode[] = [];
  walkSync(root as ElementNode, (node) => {
    if (node.type === ELEMENT_NODE) found.push(node as ElementNode);
  });
  return found;
};
const inner = (node: ElementNode, text: string): Edit => ({ start: node.loc[0].end, end: node.loc[1].start, text });
/** The scoped-style marks Astro gave an element, as they follow its other attributes (none for a global style). */
const cidsOf = (node: ElementNode) =>
  Object.keys(node.attributes)
    .filter((name) => name.startsWith('data-astro-cid-'))
    .map((name) => ` ${name}`)
    .join('');

/** The `content` of a `<meta>` tag, set anew in its own source. */
function metaContent(page: string, node: ElementNode, value: string): Edit {
  const tag = page.slice(node.loc[0].start, node.loc[0].end);
  return {
    start: node.loc[0].start,
    end: node.loc[0].end,
    text: tag.replace(/content="[^"]*"/, `content="${attribute(value)}"`),
  };
}

function tocItems(list: ElementNode, headings: ArticleText['headings']): string {
  const cids = cidsOf(list);
  return headings
    .map(
      (h) =>
        `<li class="depth-${h.depth}"${cids}><a href="#${attribute(h.slug)}"${cids}>${escapeHtml(h.text)}</a></li>`,
    )
    .join('');
}

/** The attributes of each image in the page's body, in order; null for a page without the body mark. */
export function bodyImages(page: string): Record<string, string>[] | null {
  const body = elements(parse(page)).find((node) => node.attributes[PART] === 'body');
  return body
    ? elements(body)
        .filter((node) => node.name === 'img')
        .map((node) => ({ ...node.attributes }))
    : null;
}

export function patchArticlePage(page: string, text: ArticleText): string | null {
  const all = elements(parse(page));
  const part = (name: string) => all.find((node) => node.attributes[PART] === name);
  const meta = (key: string, value: string) =>
    all.find((node) => node.name === 'meta' && node.attributes[key] === value);
  const title = all.find((node) => node.name === 'title');
  const heading = all.find(
    (node) => node.name === 'h1' && (node.parent as ElementNode | undefined)?.attributes?.class === 'caption',
  );
  const body = part('body');
  const words = part('words');
  const minutes = part('minutes');
  const head = part('head');
  if (!title || !heading || !body || !words || !minutes || !head) return null;
  const tocs = all
    .filter((node) => /\btoc\b/.test(node.attributes.class ?? ''))
    .map((toc) => elements(toc).find((node) => node.name === 'ol'));
  if (tocs.length > 0 !== text.headings.length > 0 || tocs.some((ol) => !ol)) return null;

  const edits: Edit[] = [
    inner(title, escapeHtml(text.fullTitle)),
    inner(heading, escapeHtml(text.title)),
    inner(words, escapeHtml(text.words)),
    inner(minutes, escapeHtml(text.minutes)),
    inner(body, text.body),
  ];
  for (const [key, value, content] of [
    ['name', 'description', text.description],
    ['property', 'og:title', text.title],
    ['property', 'og:description', text.description],
  ] as const) {
    const node = meta(key, value);
    if (node) edits.push(metaContent(page, node, content));
  }
  for (const ol of tocs) edits.push(inner(ol!, tocItems(ol!, text.headings)));
  const updated = part('updated');
  if (updated && text.updated) edits.push(inner(updated, escapeHtml(text.updated)));
  else if (updated) edits.push({ start: updated.loc[0].start, end: updated.loc[1].end, text: '' });
  else if (text.updated) {
    // Where the template puts it: right after the category and tag chips.
    const chips = all.find((node) => node.parent === head && node.attributes.class === 'meta');
    const at = chips ? chips.loc[1].end : head.loc[0].end;
    edits.push({
      start: at,
      end: at,
      text: `<p class="muted small" ${PART}="updated"${cidsOf(head)}>${escapeHtml(text.updated)}</p>`,
    });
  }

  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((out, edit) => out.slice(0, edit.start) + edit.text + out.slice(edit.end), page);
}

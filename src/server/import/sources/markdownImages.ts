/**
 * The pictures a Markdown text names, read by the parser the site's build renders with (Sätteri,
 * under Astro's Markdown integration): what counts as a picture here is what the build will show
 * as one, and a `![](x)` inside a code block is only text.
 */
import { markdownToMdast } from 'satteri';
import { ELEMENT_NODE, parse as parseHtml, walkSync } from 'ultrahtml';
import { decodeHTMLAttribute } from 'entities';

/** A picture as the text names it. */
export interface NamedImage {
  /** As the text writes it, for `ImageRef.ref`. */
  ref: string;
  /** The address it stands for (HTML entities decoded), to look the picture up by. */
  target: string;
}

interface Node {
  type: string;
  children?: Node[];
  url?: string;
  identifier?: string;
  value?: string;
}

/** The parse the build makes of an article body: GFM on, and no front matter, which was split off before. */
export const parseMarkdown = (markdown: string): Node =>
  markdownToMdast(markdown, { features: { gfm: true, frontmatter: false }, position: false }) as unknown as Node;

/** Every node of the tree, depth first, in the text's order. */
export function* markdownNodes(tree: Node): Generator<Node> {
  yield tree;
  for (const child of tree.children ?? []) yield* markdownNodes(child);
}

/** An attribute's value as the browser reads it, its character references decoded. */
export const decodeEntities = (value: string): string => decodeHTMLAttribute(value);

/** The `src` of each `<img>` in a piece of HTML, as written. */
export function htmlImageSources(html: string): string[] {
  const found: string[] = [];
  walkSync(parseHtml(html), (node) => {
    if (node.type === ELEMENT_NODE && node.name.toLowerCase() === 'img') {
      const src = (node.attributes as Record<string, string | undefined>).src;
      if (src?.trim()) found.push(src.trim());
    }
  });
  return found;
}

/**
 * The pictures of a Markdown text, each once, in the order they first appear: `![](…)`, the
 * definitions a `![][name]` uses, and `<img src>` in HTML. A `data:` picture is inside the text
 * already and is left out. A Markdown address is given as CommonMark reads it (escapes resolved),
 * which is the written text itself in every ordinary case.
 */
export function findMarkdownImages(markdown: string): NamedImage[] {
  const tree = parseMarkdown(markdown);
  const definitions = new Map<string, string>();
  const referenced = new Set<string>();
  for (const node of markdownNodes(tree)) {
    if (node.type === 'definition' && node.identifier && node.url !== undefined) {
      // The first definition of a name wins, as CommonMark reads them.
      if (!definitions.has(node.identifier)) definitions.set(node.identifier, node.url);
    }
  }
  const images: NamedImage[] = [];
  const add = (ref: string, target: string) => {
    if (!ref || /^data:/i.test(target) || images.some((image) => image.ref === ref)) return;
    images.push({ ref, target });
  };
  for (const node of markdownNodes(tree)) {
    if (node.type === 'image' && node.url) add(node.url, node.url);
    else if (node.type === 'imageReference' && node.identifier && !referenced.has(node.identifier)) {
      referenced.add(node.identifier);
      const url = definitions.get(node.identifier);
      if (url) add(url, url);
    } else if (node.type === 'html' && node.value && /<img\b/i.test(node.value)) {
      for (const src of htmlImageSources(node.value)) add(src, decodeEntities(src));
    }
  }
  return images;
}

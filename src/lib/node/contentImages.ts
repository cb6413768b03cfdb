/**
 * Images inside an article body, for the API's copy of it. On the site Astro swaps the images of a
 * Markdown body for optimised files while rendering the page, but the body the API exports is read
 * before that: its Markdown still points at the source files, and its HTML holds placeholders.
 */
import { unescapeHtml } from '../shared/html.ts';

/** `![alt](target)` or `![alt](target "title")`; `<target>` in angle brackets too. */
const MARKDOWN_IMAGE = /(!\[[^\]]*\]\(\s*)(<[^>]*>|[^\s)]+)(\s+(?:"[^"]*"|'[^']*'))?(\s*\))/g;

/** The attribute Astro leaves on an `<img>` of a Markdown body: its properties as HTML-escaped JSON. */
const IMAGE_MARKER = /__ASTRO_IMAGE_="([^"]+)"/g;

/** A target the site resolves against the article file: not a URL, not a site path. */
export function isRelativeImage(target: string): boolean {
  return !/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(target);
}

async function replaceAsync(
  text: string,
  pattern: RegExp,
  replace: (match: RegExpExecArray) => Promise<string>,
): Promise<string> {
  const matches = [...text.matchAll(pattern)];
  const replacements = await Promise.all(matches.map((m) => replace(m as RegExpExecArray)));
  let out = '';
  let last = 0;
  matches.forEach((m, i) => {
    out += text.slice(last, m.index) + replacements[i];
    last = m.index + m[0].length;
  });
  return out + text.slice(last);
}

/** The target of each Markdown image, in order, as written. */
export function markdownImageTargets(markdown: string): string[] {
  return [...markdown.matchAll(MARKDOWN_IMAGE)].map(([, , target]) =>
    target.startsWith('<') ? target.slice(1, -1) : target,
  );
}

/** Points each Markdown image at the URL `resolve` gives for its target; images it has no URL for stay as written. */
export function rewriteMarkdownImages(
  markdown: string,
  resolve: (target: string) => Promise<string | undefined>,
): Promise<string> {
  return replaceAsync(markdown, MARKDOWN_IMAGE, async ([whole, open, rawTarget, title = '', close]) => {
    const target = rawTarget.startsWith('<') ? rawTarget.slice(1, -1) : rawTarget;
    const url = await resolve(target);
    return url === undefined ? whole : `${open}${url}${title}${close}`;
  });
}

export type ImageAttributes = Record<string, string | number | boolean | undefined>;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Replaces each placeholder attribute with the attributes `render` gives for the image's properties
 * (`src`, `alt`, and whatever else the Markdown plugins set). A placeholder `render` has nothing for
 * becomes `src` and `alt` as written, so no client ever sees a placeholder.
 */
export function fillImageMarkers(
  html: string,
  render: (props: Record<string, unknown>) => Promise<ImageAttributes | undefined>,
): Promise<string> {
  return replaceAsync(html, IMAGE_MARKER, async ([, json]) => {
    const props = JSON.parse(unescapeHtml(json)) as Record<string, unknown>;
    const attributes = (await render(props)) ?? { src: String(props.src ?? ''), alt: String(props.alt ?? '') };
    return Object.entries(attributes)
      .filter(([, value]) => value !== undefined && value !== false)
      .map(([key, value]) => (value === true ? key : `${key}="${escapeAttribute(String(value))}"`))
      .join(' ');
  });
}

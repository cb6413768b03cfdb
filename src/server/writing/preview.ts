/**
 * The editor's preview, rendered by the Markdown processor the build uses (Astro's Sätteri) with the
 * site's code highlighting, so headings get the same anchors and code the same colours. Images
 * beside the article are shown from the content folder, as the build will before optimising them.
 */
import { fillImageMarkers } from '../../lib/node/contentImages.ts';
import { WRITING_FILE } from '../../contract/paths.ts';
import { renderMarkdown } from './markdown.ts';

/** Where the console fetches a file beside the articles (see the writing routes). */
export const CONTENT_FILE_URL = WRITING_FILE.replace('*path', '');

/** `./images/a.png` in an article at `notes/x.md` → the console URL of `notes/images/a.png`. */
export function contentFileUrl(articleDir: string, src: string): string | null {
  if (!/^\.{0,2}\//.test(src) || /^\/\//.test(src) || src.startsWith('/')) return null;
  const parts = [...(articleDir ? articleDir.split('/') : []), ...src.split('/')];
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') {
      if (!resolved.pop()) return null;
    } else if (part && part !== '.') resolved.push(part);
  }
  return CONTENT_FILE_URL + resolved.map(encodeURIComponent).join('/');
}

export async function renderPreview(markdown: string, articleDir = ''): Promise<string> {
  const { html } = await renderMarkdown(markdown);
  // The build swaps each marked image for its optimised copy; the preview shows the original.
  return fillImageMarkers(html, async ({ src, alt }) => ({ src: contentFileUrl(articleDir, String(src)) ?? String(src), alt: String(alt ?? ''), loading: 'lazy' }));
}

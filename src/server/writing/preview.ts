/**
 * The editor's preview, rendered by the Markdown processor the build uses (Astro's Sätteri) with the
 * site's code highlighting, so headings get the same anchors and code the same colours. Images
 * beside the article are shown from the content folder, as the build will before optimising them.
 */
import { fillImageMarkers } from '../../lib/node/contentImages.ts';
import { CONTENT_FILE_URL, contentFileUrl } from '../../lib/shared/contentFiles.ts';
import { renderMarkdown } from './markdown.ts';

export { CONTENT_FILE_URL, contentFileUrl };

export async function renderPreview(markdown: string, articleDir = ''): Promise<string> {
  const { html } = await renderMarkdown(markdown);
  // The build swaps each marked image for its optimised copy; the preview shows the original.
  return fillImageMarkers(html, async ({ src, alt }) => ({
    src: contentFileUrl(articleDir, String(src)) ?? String(src),
    alt: String(alt ?? ''),
    loading: 'lazy',
  }));
}

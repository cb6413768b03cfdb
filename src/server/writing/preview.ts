/**
 * The editor's preview, rendered by the Markdown processor the build uses (Astro's Sätteri) with the
 * site's code highlighting, so headings get the same anchors and code the same colours. Images
 * beside the article are shown from the content folder, as the build will before optimising them.
 * Loaded on the first preview: a server that is never written on never pays for the highlighter.
 */
import { fillImageMarkers } from '../../lib/node/contentImages.ts';
import { madeOnFirstUse } from '../shared/firstUse.ts';
import { CONTENT_FILE_URL, contentFileUrl } from '../../lib/shared/contentFiles.ts';

export { CONTENT_FILE_URL, contentFileUrl };

const renderer = madeOnFirstUse(async () => {
  const [{ createSatteriMarkdownProcessor }, { markdownHastPlugins }] = await Promise.all([import('@astrojs/markdown-satteri'), import('../../lib/node/markdownOptions.ts')]);
  return createSatteriMarkdownProcessor({ syntaxHighlight: false, hastPlugins: markdownHastPlugins });
});

export async function renderPreview(markdown: string, articleDir = ''): Promise<string> {
  const { code } = await (await renderer()).render(markdown);
  // The build swaps each marked image for its optimised copy; the preview shows the original.
  return fillImageMarkers(code, async ({ src, alt }) => ({ src: contentFileUrl(articleDir, String(src)) ?? String(src), alt: String(alt ?? ''), loading: 'lazy' }));
}

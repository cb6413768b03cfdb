/**
 * The site's Markdown as the build renders it (Astro's Sätteri with the site's code highlighting
 * and heading anchors), for the editor's preview and for quick releases. Loaded on first use: a
 * server that is never written on never pays for the highlighter.
 */
import { madeOnFirstUse } from '../shared/firstUse.ts';

const renderer = madeOnFirstUse(async () => {
  const [{ createSatteriMarkdownProcessor }, { markdownHastPlugins }] = await Promise.all([
    import('@astrojs/markdown-satteri'),
    import('../../lib/node/markdownOptions.ts'),
  ]);
  return createSatteriMarkdownProcessor({ syntaxHighlight: false, hastPlugins: markdownHastPlugins });
});

export interface RenderedMarkdown {
  /** With Astro's image placeholders still in it (fillImageMarkers). */
  html: string;
  headings: { depth: number; slug: string; text: string }[];
}

export async function renderMarkdown(markdown: string): Promise<RenderedMarkdown> {
  const { code, metadata } = await (await renderer()).render(markdown);
  return { html: code, headings: metadata?.headings ?? [] };
}

/** The body of an article as the API serves it, with its images pointing at the optimised files the build wrote. */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import type { Article } from './articles';
import type { ArticleBody } from '../lib/node/contentIndex';
import { fillImageMarkers, isRelativeImage, rewriteMarkdownImages } from '../lib/node/contentImages';

/** Every image stored beside the articles, by its path from the project root. */
const files = import.meta.glob<ImageMetadata>('/src/content/articles/**/*.{jpg,jpeg,png,webp,avif,gif,svg}', {
  eager: true,
  import: 'default',
});

function imageFor(article: Article, target: string): ImageMetadata | undefined {
  const file = article.entry.filePath;
  if (!file || !isRelativeImage(target)) return undefined;
  return files[decodeURIComponent(new URL(target, `file:///${file}`).pathname)];
}

export async function apiBody(article: Article): Promise<ArticleBody> {
  const markdown = await rewriteMarkdownImages(article.entry.body ?? '', async (target) => {
    const image = imageFor(article, target);
    return image && (await getImage({ src: image })).src;
  });
  const images: ArticleBody['images'] = {};
  // The same options the page's image step gets, so the API's HTML offers the same files.
  const html = await fillImageMarkers(article.entry.rendered?.html ?? '', async ({ src, index: _index, ...props }) => {
    const image = typeof src === 'string' ? imageFor(article, src) : undefined;
    if (!image) return undefined;
    const result = await getImage({ ...props, src: image });
    const attributes = {
      ...result.attributes,
      src: result.src,
      srcset: result.srcSet.values.length > 0 ? result.srcSet.attribute : undefined,
    };
    images[src as string] = attributes;
    return attributes;
  });
  return { id: article.id, markdown, html, images };
}

import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { articlePath, getArticles, type Article } from '../data/articles';
import { newestFirst } from '../lib/node/articles';
import { site } from '../site.config';

const MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The cover as Media RSS, which feed readers show beside the entry: an absolute URL of the built file. */
function coverElement(article: Article, base: URL): string | undefined {
  if (!article.coverUrl) return undefined;
  const type = MEDIA_TYPES[article.coverUrl.split('.').pop()?.toLowerCase() ?? ''];
  const url = new URL(article.coverUrl, base).href.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<media:content url="${url}" medium="image"${type ? ` type="${type}"` : ''} />`;
}

export async function GET(context: APIContext) {
  const base = context.site ?? new URL(site.url);
  const articles = (await getArticles()).slice().sort(newestFirst).slice(0, 30);
  return rss({
    title: site.title,
    description: site.description,
    site: base,
    xmlns: { media: 'http://search.yahoo.com/mrss/' },
    items: articles.map((a) => ({
      title: a.title,
      pubDate: a.date,
      description: a.description,
      link: articlePath(a.id),
      categories: [a.category, ...a.tags],
      customData: coverElement(a, base),
    })),
    customData: '<language>zh-cn</language>',
  });
}

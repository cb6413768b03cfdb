import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { articlePath, getArticles } from '../data/articles';
import { newestFirst } from '../lib/articles';
import { site } from '../site.config';

export async function GET(context: APIContext) {
  const articles = (await getArticles()).slice().sort(newestFirst).slice(0, 30);
  return rss({
    title: site.title,
    description: site.description,
    site: context.site ?? site.url,
    items: articles.map((a) => ({
      title: a.title,
      pubDate: a.date,
      description: a.description,
      link: articlePath(a.id),
      categories: [a.category, ...a.tags],
    })),
    customData: '<language>zh-cn</language>',
  });
}

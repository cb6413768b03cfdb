import { getArticles } from '../../data/articles';
import type { ContentIndex } from '../../lib/node/contentIndex';
import { plainText } from '../../lib/node/reading';

/** Build-time export of every article for the API; the build moves it out of the public folder. */
export async function GET() {
  const articles = await getArticles();
  const index: ContentIndex = {
    builtAt: new Date().toISOString(),
    articles: articles.map((a) => ({
      id: a.id,
      title: a.title,
      description: a.description,
      cover: a.coverUrl ?? null,
      category: a.category,
      tags: [...a.tags],
      pinned: a.pinned,
      order: a.order,
      type: a.type,
      origin_url: a.origin_url ?? null,
      date: a.date.toISOString(),
      updated: a.updated?.toISOString() ?? null,
      words: a.words,
      text: plainText(a.entry.body ?? '', { keepCode: true }),
    })),
  };
  return Response.json(index);
}

import type { APIContext, GetStaticPaths } from 'astro';
import { getArticles, type Article } from '../../data/articles';
import type { ArticleBody } from '../../lib/contentIndex';

export const getStaticPaths = (async () =>
  (await getArticles()).map((article) => ({ params: { id: String(article.id) }, props: { article } }))) satisfies GetStaticPaths;

export function GET({ props }: APIContext<{ article: Article }>) {
  const { article } = props;
  const body: ArticleBody = { id: article.id, markdown: article.entry.body ?? '', html: article.entry.rendered?.html ?? '' };
  return Response.json(body);
}

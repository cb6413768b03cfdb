import type { APIContext, GetStaticPaths } from 'astro';
import { getArticles, type Article } from '../../data/articles';
import { apiBody } from '../../data/articleImages';

export const getStaticPaths = (async () =>
  (await getArticles()).map((article) => ({
    params: { id: String(article.id) },
    props: { article },
  }))) satisfies GetStaticPaths;

export async function GET({ props }: APIContext<{ article: Article }>) {
  return Response.json(await apiBody(props.article));
}

/** The published articles, as exported by the build: lookups, orderings and search, all in memory. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { neighbours, newestFirst, recommend, sortForHome, type ArticleMeta } from '../../lib/node/articles.ts';
import { nameId } from '../../lib/node/contentIds.ts';
import type { ArticleBody, ContentIndex, IndexedArticle } from '../../lib/node/contentIndex.ts';
import { buildSearchIndex, type SearchIndex } from '../../lib/node/search.ts';

export interface CatalogArticle extends ArticleMeta {
  source: IndexedArticle;
  categoryId: number;
  tagIds: number[];
}

export interface Taxonomy {
  id: number;
  name: string;
  articleIds: number[];
}

export interface Catalog {
  /** When the build that exported these articles ran. */
  builtAt: Date;
  byId: Map<number, CatalogArticle>;
  /** Pinned, then order, then newest: the home list. */
  home: CatalogArticle[];
  /** Newest first: timelines, taxonomy lists, search tie-breaks. */
  newest: CatalogArticle[];
  categories: Map<number, Taxonomy>;
  tags: Map<number, Taxonomy>;
  search: SearchIndex;
  body(id: number): Promise<ArticleBody | null>;
  neighbours(id: number): { previous: CatalogArticle | null; next: CatalogArticle | null };
  recommend(id: number, max?: number): CatalogArticle[];
}

function taxonomy(
  list: readonly CatalogArticle[],
  names: (a: CatalogArticle) => readonly string[],
): Map<number, Taxonomy> {
  const map = new Map<number, Taxonomy>();
  for (const a of list) {
    for (const name of names(a)) {
      const id = nameId(name);
      const entry = map.get(id) ?? { id, name, articleIds: [] };
      entry.articleIds.push(a.id);
      map.set(id, entry);
    }
  }
  return map;
}

export function createCatalog(index: ContentIndex, readBody: (id: number) => Promise<ArticleBody | null>): Catalog {
  const articles: CatalogArticle[] = index.articles.map((source) => ({
    source,
    id: source.id,
    title: source.title,
    date: new Date(source.date),
    category: source.category,
    tags: source.tags,
    pinned: source.pinned,
    order: source.order,
    categoryId: nameId(source.category),
    tagIds: source.tags.map(nameId),
  }));
  const newest = [...articles].sort(newestFirst);
  const byId = new Map(articles.map((a) => [a.id, a]));
  return {
    builtAt: new Date(index.builtAt),
    byId,
    home: sortForHome(articles),
    newest,
    categories: taxonomy(newest, (a) => [a.category]),
    tags: taxonomy(newest, (a) => a.tags),
    search: buildSearchIndex(newest.map((a) => ({ id: a.id, title: a.title, text: a.source.text }))),
    body: readBody,
    neighbours: (id) => neighbours(newest, id),
    recommend: (id, max = 6) => {
      const article = byId.get(id);
      return article ? recommend(newest, article, max) : [];
    },
  };
}

/** Reads `index.json` and the per-article bodies from the build's content folder. */
export async function loadCatalog(dir: string): Promise<Catalog> {
  let index: ContentIndex;
  try {
    index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8'));
  } catch (error) {
    throw new Error(`读取文章数据失败（${dir}/index.json），请先运行 npm run build`, { cause: error });
  }
  return createCatalog(index, async (id) => {
    try {
      return JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as ArticleBody;
    } catch {
      return null;
    }
  });
}

/** The Articles API (docs/api.md §3): content from the catalog, counters from the database. */
import { groupByYear, paginate } from '../../lib/node/articles.ts';
import { snippet, search } from '../../lib/node/search.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import { site } from '../../site.config.ts';
import type {
  ArticleBrief,
  ArticleCounters,
  ArticleItem,
  ArticleLive,
  RelatedArticles,
} from '../../contract/articles.ts';
import { HOT_ARTICLE_COUNT, RELATED_ARTICLE_COUNT, SEARCH_RESULT_LIMIT } from '../../contract/limits.ts';
import type { Quota } from '../budgets/quota.ts';
import type { Db } from '../db/client.ts';
import { groupCommitOf } from '../db/groupCommitOf.ts';
import type { LikeTarget } from '../likes/target.ts';
import type { Owner } from '../users/owner.ts';
import type { Catalog, CatalogArticle } from './catalog.ts';
import * as counted from './counted.ts';
import * as stats from './stats.ts';

const TYPE_CODES = { original: 1, repost: 2, translation: 3 } as const;

/** The fields of an article item that only change with a rebuild, computed once per article. */
function staticFields(a: CatalogArticle): Omit<ArticleItem, keyof ArticleCounters | 'author_id'> {
  const s = a.source;
  return {
    id: a.id,
    article_title: a.title,
    article_description: s.description,
    article_cover: s.cover,
    category_id: a.categoryId,
    categoryName: a.category,
    tagIdList: a.tagIds,
    tagNameList: [...a.tags],
    is_top: a.pinned ? 1 : 2,
    order: a.order,
    type: TYPE_CODES[s.type],
    origin_url: s.origin_url,
    createdAt: formatDateTime(a.date),
    updatedAt: formatDateTime(s.updated ? new Date(s.updated) : a.date),
    authorName: site.author,
  };
}

const staticCache = new WeakMap<CatalogArticle, ReturnType<typeof staticFields>>();

function item(a: CatalogArticle, authorId: number, counters: counted.ArticleCounters = counted.ZERO): ArticleItem {
  let fixed = staticCache.get(a);
  if (!fixed) staticCache.set(a, (fixed = staticFields(a)));
  return {
    ...fixed,
    author_id: authorId,
    view_times: counters.views,
    thumbs_up_times: counters.likes,
    reading_duration: counters.readingMs,
  };
}

const brief = (a: CatalogArticle): ArticleBrief => ({
  id: a.id,
  article_title: a.title,
  article_cover: a.source.cover,
  createdAt: formatDateTime(a.date),
});

/** `owner`: whose articles they are (`author_id`), and who is told of comments on them. */
export function createArticleService(db: Db, catalog: Catalog, owner: Pick<Owner, 'id'>) {
  const counters = stats.createCounterCache(db);

  async function withCounters(list: CatalogArticle[]) {
    const found = await counters.get(list.map((a) => a.id));
    return list.map((a) => item(a, owner.id(), found.get(a.id)));
  }

  function find(id: number): CatalogArticle | null {
    return catalog.byId.get(id) ?? null;
  }

  function taxonomyPage(taxonomy: Catalog['tags'], id: number, current: number, size: number) {
    const ids = taxonomy.get(id)?.articleIds ?? [];
    const page = paginate(ids, current, size);
    return {
      current,
      size,
      total: page.total,
      list: page.list.map((articleId) => brief(catalog.byId.get(articleId)!)),
    };
  }

  return {
    find,
    ownerId: () => owner.id(),

    async home(current: number, size: number) {
      const page = paginate(catalog.home, current, size);
      return { current, size, total: page.total, list: await withCounters(page.list) };
    },

    timeline(current: number, size: number) {
      const page = paginate(catalog.newest, current, size);
      const list = groupByYear(page.list).map(({ year, articles }) => ({ year, articleList: articles.map(brief) }));
      return { current, size, total: page.total, list };
    },

    byTag: (id: number, current: number, size: number) => taxonomyPage(catalog.tags, id, current, size),
    byCategory: (id: number, current: number, size: number) => taxonomyPage(catalog.categories, id, current, size),

    /**
     * The neighbours by date and up to six articles sharing tags. At either end the article stands
     * in for its missing neighbour, as the original backend answered: the original front end reads
     * `previous.article_cover` without a check, and a null there breaks its article page.
     */
    async related(article: CatalogArticle): Promise<RelatedArticles> {
      const neighbours = catalog.neighbours(article.id);
      const previous = neighbours.previous ?? article;
      const next = neighbours.next ?? article;
      const recommend = catalog.recommend(article.id, RELATED_ARTICLE_COUNT);
      const shown = [previous, next, ...recommend];
      const found = await counters.get(shown.map((a) => a.id));
      const toItem = (a: CatalogArticle) => item(a, owner.id(), found.get(a.id));
      return { previous: toItem(previous), next: toItem(next), recommend: recommend.map(toItem) };
    },

    /** The full article, counting the view it represents. */
    async detail(article: CatalogArticle, quota: Quota) {
      const [body, viewed] = await Promise.all([
        catalog.body(article.id),
        groupCommitOf(db).run(counted.countArticleView, quota, article.id),
      ]);
      counters.put(article.id, viewed);
      return {
        ...item(article, owner.id(), viewed),
        article_content: body?.markdown ?? '',
        article_html: body?.html ?? '',
      };
    },

    /** The static article page's call: count the view and return what the page shows live, as one transaction saw it. */
    async view(article: CatalogArticle, actor: string, quota: Quota): Promise<ArticleLive> {
      const { viewed, liked } = await groupCommitOf(db).run(counted.countArticleVisit, quota, article.id, actor);
      counters.put(article.id, viewed);
      return {
        view_times: viewed.views,
        thumbs_up_times: viewed.likes,
        reading_duration: viewed.readingMs,
        is_like: liked,
      };
    },

    /** Five most viewed; newest articles fill in while few have been read. */
    async hot() {
      const viewed = (await stats.mostViewed(db, HOT_ARTICLE_COUNT * 4)).filter(
        (row) => catalog.byId.has(row.id) && row.views > 0,
      );
      const picked = new Map(viewed.slice(0, HOT_ARTICLE_COUNT).map((row) => [row.id, row.views]));
      for (const a of catalog.newest) {
        if (picked.size >= HOT_ARTICLE_COUNT) break;
        if (!picked.has(a.id)) picked.set(a.id, 0);
      }
      return [...picked].map(([id, views]) => ({ id, article_title: catalog.byId.get(id)!.title, view_times: views }));
    },

    search(keyword: string) {
      return search(catalog.search, keyword, SEARCH_RESULT_LIMIT).map((hit) => {
        const a = catalog.byId.get(hit.id)!;
        return { id: a.id, article_title: a.title, article_content: snippet(a.source.text, hit.position) };
      });
    },

    /** Articles as likes see them: any article in the catalog, its counters kept fresh in the cache. */
    likeTarget: {
      counter: async (db, id) => (catalog.byId.has(id) ? stats.currentCounters(db, id) : null),
      reachable: (id) => catalog.byId.has(id),
      like: counted.likeArticle,
      settled: (id, changed) => void counters.put(id, changed),
    } satisfies LikeTarget<counted.ArticleCounters>,
    /** Adds milliseconds of reading and answers the article's new total, in milliseconds. */
    async addReading(article: CatalogArticle, ms: number, quota: Quota) {
      return counters.put(article.id, await groupCommitOf(db).run(counted.countArticleReading, quota, article.id, ms))
        .readingMs;
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;

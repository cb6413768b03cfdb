/** Articles on the wire (docs/api.md §3). Times are "YYYY-MM-DD HH:mm:ss"; durations are milliseconds. */
import type { Page } from './envelope.ts';

/** `is_top`: 1 pinned, 2 not. */
export type PinnedCode = 1 | 2;
/** `type`: 1 original, 2 repost, 3 translation. */
export type ArticleTypeCode = 1 | 2 | 3;

/** The counters the database keeps for an article. */
export interface ArticleCounters {
  view_times: number;
  thumbs_up_times: number;
  reading_duration: number;
}

/** The article item of lists and neighbours. */
export interface ArticleItem extends ArticleCounters {
  id: number;
  article_title: string;
  article_description: string;
  article_cover: string | null;
  category_id: number;
  categoryName: string;
  tagIdList: number[];
  tagNameList: string[];
  is_top: PinnedCode;
  order: number;
  type: ArticleTypeCode;
  origin_url: string | null;
  createdAt: string;
  updatedAt: string;
  authorName: string;
  /** The owner's user id (0 while the site has no admin account). */
  author_id: number;
}

/** `getArticleById`: the item with its Markdown source and rendered body. */
export interface ArticleDetail extends ArticleItem {
  article_content: string;
  article_html: string;
}

/** The short form of timelines and tag or category lists. */
export interface ArticleBrief {
  id: number;
  article_title: string;
  article_cover: string | null;
  createdAt: string;
}

export interface TimelineYear {
  year: number;
  articleList: ArticleBrief[];
}

export type ArticlePage = Page<ArticleItem>;
export type TimelinePage = Page<TimelineYear>;
export type ArticleBriefPage = Page<ArticleBrief>;

/** `getRecommendArticleById`: neighbours by date, and articles sharing tags. */
/** At either end of the list, the article itself stands in for the neighbour it lacks. */
export interface RelatedArticles {
  previous: ArticleItem;
  next: ArticleItem;
  recommend: ArticleItem[];
}

/** `PUT /api/article/view/{id}`: what the static page shows live. */
export interface ArticleLive extends ArticleCounters {
  is_like: boolean;
}

export interface HotArticle {
  id: number;
  article_title: string;
  view_times: number;
}

/** A search hit: `article_content` is a plain-text snippet starting at the first match. */
export interface SearchResult {
  id: number;
  article_title: string;
  article_content: string;
}

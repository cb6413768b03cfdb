/** The search dialog's calls: matching articles, and the most read ones. */
import type { HotArticle, SearchResult } from '../contract/articles';
import { ARTICLE_HOT, ARTICLE_SEARCH } from '../contract/paths';
import { fillPath } from '../lib/shared/paths';
import { http } from './api';

export type { HotArticle, SearchResult };

export const searchApi = {
  search: (keyword: string) => http.get<SearchResult[]>(fillPath(ARTICLE_SEARCH, { keyword })),
  hot: () => http.get<HotArticle[]>(ARTICLE_HOT),
};

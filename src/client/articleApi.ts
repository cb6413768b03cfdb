/** The article page's calls: its view, likes and reading time. */
import type { ArticleLive } from '../contract/articles';
import { ARTICLE_ADD_READING, ARTICLE_LIKE, ARTICLE_UNLIKE, ARTICLE_VIEW } from '../contract/paths';
import { fillPath } from '../lib/shared/paths';
import { http } from './api';

export const articleApi = {
  viewArticle: (id: number) => http.put<ArticleLive>(fillPath(ARTICLE_VIEW, { id })),
  likeArticle: (id: number) => http.put<number>(fillPath(ARTICLE_LIKE, { id })),
  cancelLike: (id: number) => http.put<number>(fillPath(ARTICLE_UNLIKE, { id })),
  /** Milliseconds read; answers the new total in milliseconds. Sent with keepalive so it survives the page being hidden or left. */
  addReading: (id: number, ms: number) =>
    http.request<number>('PUT', fillPath(ARTICLE_ADD_READING, { id, duration: ms }), undefined, { keepalive: true }),
};

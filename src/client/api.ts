/** The browser's request client and the API calls islands make. */
import { createRequest } from '../lib/request';
import { showNotice } from '../stores/toast';

let tokenProvider: () => string | null = () => null;
let unauthorizedHandler: () => void = () => {};

/** The accounts module plugs the session in here. */
export function configureSession(options: { getToken: () => string | null; onUnauthorized: () => void }) {
  tokenProvider = options.getToken;
  unauthorizedHandler = options.onUnauthorized;
}

export const http = createRequest({
  fetch: (...args) => fetch(...args),
  notice: (title, message, kind) => showNotice(title, message, kind),
  getToken: () => tokenProvider(),
  onUnauthorized: () => unauthorizedHandler(),
});

export interface ArticleLive {
  view_times: number;
  thumbs_up_times: number;
  reading_duration: number;
  is_like: boolean;
}

export interface SearchResult {
  id: number;
  article_title: string;
  article_content: string;
}

export interface HotArticle {
  id: number;
  article_title: string;
  view_times: number;
}

export const api = {
  addSiteView: () => http.put<number>('/api/config/addView'),
  viewArticle: (id: number) => http.put<ArticleLive>(`/api/article/view/${id}`),
  likeArticle: (id: number) => http.put<number>(`/api/article/like/${id}`),
  cancelLike: (id: number) => http.put<number>(`/api/article/cancelLike/${id}`),
  /** Sent with keepalive so it survives the page being hidden or left. */
  addReading: (id: number, seconds: number) =>
    http.request<number>('PUT', `/api/article/addReadingDuration/${id}/${seconds}`, undefined, { keepalive: true }),
  search: (keyword: string) => http.get<SearchResult[]>(`/api/article/getArticleListByContent/${encodeURIComponent(keyword)}`),
  hot: () => http.get<HotArticle[]>('/api/article/getHotArticle'),
};

/** The browser's request client and the API calls islands make. */
import { createRequest } from '../lib/request';
import { showNotice } from '../stores/toast';

let unauthorizedHandler: () => void = () => {};

/** The accounts module plugs in what happens when the session is gone. */
export function configureSession(options: { onUnauthorized: () => void }) {
  unauthorizedHandler = options.onUnauthorized;
}

export const http = createRequest({
  fetch: (...args) => fetch(...args),
  notice: (title, message, kind) => showNotice(title, message, kind),
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

export interface LoginResult {
  token: string;
  id: number;
  username: string;
  nick_name: string;
  avatar: string;
  role: 'admin' | 'user';
}

export type Profile = Omit<LoginResult, 'token'> & { createdAt: string };

export const api = {
  login: (username: string, password: string) => http.post<LoginResult>('/api/user/login', { username, password }),
  register: (username: string, password: string, nick_name?: string) =>
    http.post<{ id: number; username: string }>('/api/user/register', { username, password, nick_name }),
  // An expired session is already logged out: no "please log in" detour.
  logout: () => http.request<boolean>('POST', '/api/user/logout', {}, {}, { quiet401: true }),
  me: () => http.get<Profile>('/api/user/getUserInfo'),
  updateProfile: (changes: { nick_name?: string; avatar?: string }) => http.put<Profile>('/api/user/updateOwnUserInfo', changes),
  updatePassword: (password: string, password1: string, password2: string) =>
    http.put<boolean>('/api/user/updatePassword', { password, password1, password2 }),
  uploadImage: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return http.post<{ url: string }>('/api/upload/img', form);
  },
  addSiteView: () => http.put<number>('/api/config/addView'),
  viewArticle: (id: number) => http.put<ArticleLive>(`/api/article/view/${id}`),
  likeArticle: (id: number) => http.put<number>(`/api/article/like/${id}`),
  cancelLike: (id: number) => http.put<number>(`/api/article/cancelLike/${id}`),
  /** Milliseconds read; answers the new total in milliseconds. Sent with keepalive so it survives the page being hidden or left. */
  addReading: (id: number, ms: number) =>
    http.request<number>('PUT', `/api/article/addReadingDuration/${id}/${ms}`, undefined, { keepalive: true }),
  // Dots are escaped too, or the browser would resolve "." and ".." as path segments.
  search: (keyword: string) =>
    http.get<SearchResult[]>(`/api/article/getArticleListByContent/${encodeURIComponent(keyword).replace(/\./g, '%2E')}`),
  hot: () => http.get<HotArticle[]>('/api/article/getHotArticle'),
};

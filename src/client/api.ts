/** The browser's request client and the API calls islands make; the shapes are the contract's. */
import type { ArticleLive, HotArticle, SearchResult } from '../contract/articles';
import type { AddedComment, AddedReply, CommentBody, CommentOrder, CommentTargetCode, ReplyBody, ReplyComment, RootComment } from '../contract/comments';
import type { Page } from '../contract/envelope';
import type { BoardMessage, HotTag, MessageChanges, MessageDraft } from '../contract/messages';
import type { Talk } from '../contract/talks';
import type { Notification } from '../contract/notifications';
import type { SiteConfig } from '../contract/site';
import type { LoginBody, LoginResult, Profile, ProfileChanges, Registered, UploadedImage } from '../contract/users';
import { createRequest } from '../lib/browser/request';
import { showNotice } from './toasts';

// Re-exported for the search dialog, which imports them from here.
export type { HotArticle, SearchResult };

let unauthorizedHandler: () => void = () => {};

/** The accounts module plugs in what happens when the session is gone. */
export function configureSession(options: { onUnauthorized: () => void }) {
  unauthorizedHandler = options.onUnauthorized;
}

export const http = createRequest({
  fetch: (...args) => fetch(...args),
  notice: showNotice,
  onUnauthorized: () => unauthorizedHandler(),
});

export const api = {
  login: (username: string, password: string) => http.post<LoginResult>('/api/user/login', { username, password, cookie: true } satisfies LoginBody),
  register: (username: string, password: string, nick_name?: string) => http.post<Registered>('/api/user/register', { username, password, nick_name }),
  // An expired session is already logged out: no "please log in" detour.
  logout: () => http.request<boolean>('POST', '/api/user/logout', {}, {}, { quiet401: true }),
  me: () => http.get<Profile>('/api/user/getUserInfo'),
  siteConfig: () => http.get<SiteConfig>('/api/config'),
  updateProfile: (changes: ProfileChanges) => http.put<Profile>('/api/user/updateOwnUserInfo', changes),
  updatePassword: (password: string, password1: string, password2: string) =>
    http.put<boolean>('/api/user/updatePassword', { password, password1, password2 }),
  forgotPassword: (email: string) => http.post<boolean>('/api/user/forgotPassword', { email }),
  resetPassword: (token: string, password: string) => http.post<boolean>('/api/user/resetPassword', { token, password }),
  verifyEmail: (token: string) => http.post<boolean>('/api/user/verifyEmail', { token }),
  uploadImage: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return http.post<UploadedImage>('/api/upload/img', form);
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
  messages: (current: number, size: number, tag?: string) => http.post<Page<BoardMessage>>('/api/message/getMessageList', { current, size, tag: tag || undefined }),
  message: (id: number) => http.get<BoardMessage>(`/api/message/getMessageById/${id}`),
  hotTags: () => http.get<HotTag[]>('/api/message/getHotTagList'),
  addMessage: (draft: MessageDraft) => http.post<BoardMessage>('/api/message/add', draft),
  updateMessage: (changes: MessageChanges) => http.post<BoardMessage>('/api/message/update', changes),
  deleteMessages: (idList: number[]) => http.put<boolean>('/api/message/delete', { idList }),
  likeMessage: (id: number) => http.put<number>(`/api/message/like/${id}`),
  unlikeMessage: (id: number) => http.put<number>(`/api/message/cancelLike/${id}`),
  talks: (current: number, size: number) => http.post<Page<Talk>>('/api/talk/blogGetTalkList', { current, size }),
  likeTalk: (id: number) => http.put<number>(`/api/talk/like/${id}`),
  unlikeTalk: (id: number) => http.put<number>(`/api/talk/cancelLike/${id}`),
  comments: (type: CommentTargetCode, for_id: number, current: number, size: number, order: CommentOrder) =>
    http.post<Page<RootComment>>('/api/comment/frontGetParentComment', { type, for_id, current, size, order }),
  replies: (parent_id: number, current: number, size: number) => http.post<Page<ReplyComment>>('/api/comment/frontGetChildrenComment', { parent_id, current, size }),
  addComment: (body: CommentBody) => http.post<AddedComment>('/api/comment/add', body),
  reply: (body: ReplyBody) => http.post<AddedReply>('/api/comment/apply', body),
  likeComment: (id: number) => http.put<number>(`/api/comment/thumbUp/${id}`),
  unlikeComment: (id: number) => http.put<number>(`/api/comment/cancelThumbUp/${id}`),
  deleteComment: (id: number, parentId: number | null) => http.del<boolean>(`/api/comment/delete/${id}/${parentId ?? 0}`),
  notifications: (userId: number, current: number, size: number) => http.post<Page<Notification>>('/api/notify/getNotifyList', { current, size, userId }),
  // Polled in the background: an expired session is noticed by the next real action, not by a timer.
  unreadCount: () => http.request<number>('GET', '/api/notify/unreadCount', undefined, {}, { quiet401: true }),
  markNotificationRead: (id: number) => http.put<boolean>(`/api/notify/update/${id}`),
  deleteNotification: (id: number) => http.put<boolean>(`/api/notify/delete/${id}`),
};

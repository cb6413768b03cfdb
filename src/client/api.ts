/** The browser's request client and the API calls islands make; the shapes are the contract's. */
import type { ArticleLive, HotArticle, SearchResult } from '../contract/articles';
import type { AddedComment, AddedReply, CommentBody, CommentOrder, CommentTargetCode, ReplyBody, ReplyComment, RootComment } from '../contract/comments';
import type { Page } from '../contract/envelope';
import type { BoardMessage, HotTag, MessageChanges, MessageDraft } from '../contract/messages';
import type { Talk } from '../contract/talks';
import type { Notification } from '../contract/notifications';
import type { SiteConfig } from '../contract/site';
import type { LoginBody, LoginResult, Profile, ProfileChanges, Registered, UploadedImage } from '../contract/users';
import {
  ARTICLE_ADD_READING,
  ARTICLE_HOT,
  ARTICLE_LIKE,
  ARTICLE_SEARCH,
  ARTICLE_UNLIKE,
  ARTICLE_VIEW,
  COMMENT_ADD,
  COMMENT_LIKE,
  COMMENT_REMOVE,
  COMMENT_REPLIES,
  COMMENT_REPLY,
  COMMENT_ROOTS,
  COMMENT_UNLIKE,
  MESSAGE_ADD,
  MESSAGE_GET,
  MESSAGE_HOT_TAGS,
  MESSAGE_LIKE,
  MESSAGE_LIST,
  MESSAGE_REMOVE,
  MESSAGE_UNLIKE,
  MESSAGE_UPDATE,
  NOTIFICATION_LIST,
  NOTIFICATION_MARK_READ,
  NOTIFICATION_REMOVE,
  NOTIFICATION_UNREAD_COUNT,
  SITE_ADD_VIEW,
  SITE_CONFIG,
  TALK_LIKE,
  TALK_LIST,
  TALK_UNLIKE,
  UPLOAD_IMAGE,
  USER_CHANGE_PASSWORD,
  USER_FORGOT_PASSWORD,
  USER_INFO,
  USER_LOGIN,
  USER_LOGOUT,
  USER_REGISTER,
  USER_RESET_PASSWORD,
  USER_UPDATE,
  USER_VERIFY_EMAIL,
} from '../contract/paths';
import { fillPath } from '../lib/shared/paths';
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
  login: (username: string, password: string) => http.post<LoginResult>(USER_LOGIN, { username, password, cookie: true } satisfies LoginBody),
  register: (username: string, password: string, nick_name?: string) => http.post<Registered>(USER_REGISTER, { username, password, nick_name }),
  // An expired session is already logged out: no "please log in" detour.
  logout: () => http.request<boolean>('POST', USER_LOGOUT, {}, {}, { quiet401: true }),
  me: () => http.get<Profile>(USER_INFO),
  siteConfig: () => http.get<SiteConfig>(SITE_CONFIG),
  updateProfile: (changes: ProfileChanges) => http.put<Profile>(USER_UPDATE, changes),
  updatePassword: (password: string, password1: string, password2: string) =>
    http.put<boolean>(USER_CHANGE_PASSWORD, { password, password1, password2 }),
  forgotPassword: (email: string) => http.post<boolean>(USER_FORGOT_PASSWORD, { email }),
  resetPassword: (token: string, password: string) => http.post<boolean>(USER_RESET_PASSWORD, { token, password }),
  verifyEmail: (token: string) => http.post<boolean>(USER_VERIFY_EMAIL, { token }),
  uploadImage: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return http.post<UploadedImage>(UPLOAD_IMAGE, form);
  },
  addSiteView: () => http.put<number>(SITE_ADD_VIEW),
  viewArticle: (id: number) => http.put<ArticleLive>(fillPath(ARTICLE_VIEW, { id })),
  likeArticle: (id: number) => http.put<number>(fillPath(ARTICLE_LIKE, { id })),
  cancelLike: (id: number) => http.put<number>(fillPath(ARTICLE_UNLIKE, { id })),
  /** Milliseconds read; answers the new total in milliseconds. Sent with keepalive so it survives the page being hidden or left. */
  addReading: (id: number, ms: number) =>
    http.request<number>('PUT', fillPath(ARTICLE_ADD_READING, { id, duration: ms }), undefined, { keepalive: true }),
  search: (keyword: string) => http.get<SearchResult[]>(fillPath(ARTICLE_SEARCH, { keyword })),
  hot: () => http.get<HotArticle[]>(ARTICLE_HOT),
  messages: (current: number, size: number, tag?: string) => http.post<Page<BoardMessage>>(MESSAGE_LIST, { current, size, tag: tag || undefined }),
  message: (id: number) => http.get<BoardMessage>(fillPath(MESSAGE_GET, { id })),
  hotTags: () => http.get<HotTag[]>(MESSAGE_HOT_TAGS),
  addMessage: (draft: MessageDraft) => http.post<BoardMessage>(MESSAGE_ADD, draft),
  updateMessage: (changes: MessageChanges) => http.post<BoardMessage>(MESSAGE_UPDATE, changes),
  deleteMessages: (idList: number[]) => http.put<boolean>(MESSAGE_REMOVE, { idList }),
  likeMessage: (id: number) => http.put<number>(fillPath(MESSAGE_LIKE, { id })),
  unlikeMessage: (id: number) => http.put<number>(fillPath(MESSAGE_UNLIKE, { id })),
  talks: (current: number, size: number) => http.post<Page<Talk>>(TALK_LIST, { current, size }),
  likeTalk: (id: number) => http.put<number>(fillPath(TALK_LIKE, { id })),
  unlikeTalk: (id: number) => http.put<number>(fillPath(TALK_UNLIKE, { id })),
  comments: (type: CommentTargetCode, for_id: number, current: number, size: number, order: CommentOrder) =>
    http.post<Page<RootComment>>(COMMENT_ROOTS, { type, for_id, current, size, order }),
  replies: (parent_id: number, current: number, size: number) => http.post<Page<ReplyComment>>(COMMENT_REPLIES, { parent_id, current, size }),
  addComment: (body: CommentBody) => http.post<AddedComment>(COMMENT_ADD, body),
  reply: (body: ReplyBody) => http.post<AddedReply>(COMMENT_REPLY, body),
  likeComment: (id: number) => http.put<number>(fillPath(COMMENT_LIKE, { id })),
  unlikeComment: (id: number) => http.put<number>(fillPath(COMMENT_UNLIKE, { id })),
  deleteComment: (id: number, parentId: number | null) => http.del<boolean>(fillPath(COMMENT_REMOVE, { id, parent_id: parentId ?? 0 })),
  notifications: (userId: number, current: number, size: number) => http.post<Page<Notification>>(NOTIFICATION_LIST, { current, size, userId }),
  // Polled in the background: an expired session is noticed by the next real action, not by a timer.
  unreadCount: () => http.request<number>('GET', NOTIFICATION_UNREAD_COUNT, undefined, {}, { quiet401: true }),
  markNotificationRead: (id: number) => http.put<boolean>(fillPath(NOTIFICATION_MARK_READ, { id })),
  deleteNotification: (id: number) => http.put<boolean>(fillPath(NOTIFICATION_REMOVE, { id })),
};

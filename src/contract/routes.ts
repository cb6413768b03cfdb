/**
 * Every endpoint of /api, once (docs/api.md): its route, the method and the full path in one
 * string, typed with what the endpoint takes and what it answers. The browser calls an endpoint by
 * its route (`call(ARTICLE_VIEW, { id })`, lib/browser/request.ts) and the server registers the
 * endpoint's handler by it (`route(ARTICLE_VIEW, …)`, server/api/endpoints.ts), so a change of
 * either type here fails the compile of both. The endpoint table (endpoints.ts) groups them and
 * says which budgets each spends.
 *
 * Each route is a string constant, an export of its own: the bundler writes it into each script
 * that calls it, as it does any constant, so a page carries only the routes it calls and never the
 * table. Paths are in Express's syntax: `:id` a parameter, `{/:keyword}` an optional part, `*path`
 * the rest of the path.
 */
import type { AdminComment, AdminCommentStatus, AdminLicense, AdminMessage, AdminOrder, AdminPayment, AdminUser, Dashboard } from './admin.ts';
import type { ArticleBriefPage, ArticleDetail, ArticleLive, ArticlePage, HotArticle, RelatedArticles, SearchResult, TimelinePage } from './articles.ts';
import type { CommentRules } from './commentRules.ts';
import type { AddedComment, AddedReply, CommentBody, CommentTotalQuery, ReplyBody, ReplyComment, ReplyCommentQuery, RootComment, RootCommentQuery } from './comments.ts';
import type { Page } from './envelope.ts';
import type { LikeBody } from './likes.ts';
import type { LinkItem, LinkReview, LinkDraft, LinkUpdate, LinkStatusCode } from './links.ts';
import type { BoardMessage, HotTag, MessageChanges, MessageDeletion, MessageDraft, MessageListQuery } from './messages.ts';
import type { Talk } from './talks.ts';
import type { Notification, NotificationListBody } from './notifications.ts';
import type { ActivateBody, Activation, CreatedOrder, Deactivation, LicenseCheckBody, LicenseItem, OrderBody, OrderItem, OrderStatus, ProductItem, Validation } from './shop.ts';
import type { CategoryEntry, PageHeaderEntry, SiteConfig, SiteStatistic, TagEntry } from './site.ts';
import type {
  ForgotPasswordBody,
  LoginBody,
  LoginResult,
  PasswordChange,
  Profile,
  ProfileChanges,
  PublicProfile,
  Registered,
  RegisterBody,
  ResetLink,
  ResetPasswordBody,
  RoleCode,
  UploadedImage,
  VerifyEmailBody,
} from './users.ts';
import type {
  ArticleFilter,
  ContentVersionDetail,
  ContentVersionRow,
  PublishState,
  SaveArticleBody,
  SavePendingBody,
  SaveTalkBody,
  Taxonomies,
  UploadedContentImage,
  WritingArticle,
  WritingArticleRow,
  WritingTalk,
} from './writing.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

declare const carries: unique symbol;

/**
 * An endpoint's route, `'PUT /api/article/view/:id'`, carrying its types (never set: the string is
 * all there is at run time). `Input` is what the endpoint reads: its path parameters, and the rest
 * as the query of a GET or DELETE, the JSON body of a POST or PUT, or beside an upload's files, its
 * query. `Answer` is the envelope's `result`.
 */
export type Route<Input = unknown, Answer = unknown> = `${HttpMethod} /api/${string}` & { readonly [carries]?: { input: Input; answer: Answer } };

type Carried<R extends Route> = NonNullable<R[typeof carries]>;
export type InputOf<R extends Route> = Carried<R>['input'];
export type AnswerOf<R extends Route> = Carried<R>['answer'];

/** An answer that is not an envelope (a file, the payment provider's plain text): its handler writes it, and no page calls it. */
export interface Bare<T> {
  readonly bare: T;
}

/** An upload: the image is the `file` part of a multipart body. */
export interface ImageFile {
  file: Blob;
}

/** A route's method and path. */
export function splitRoute(route: Route): { method: HttpMethod; path: string } {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space) as HttpMethod, path: route.slice(space + 1) };
}

type ById = { id: number };
type ByOrderNo = { order_no: string };
type Paging = { current: number; size: number };
type KeywordPaging = Partial<Paging> & { keyword?: string };
type Hidden = { hidden: boolean };
type BulkIds = { idList: number[] };

// Site
export const SITE_CONFIG: Route<void, SiteConfig> = 'GET /api/config';
export const SITE_ADD_VIEW: Route<void, number> = 'PUT /api/config/addView';
export const SITE_PAGE_HEADERS: Route<void, PageHeaderEntry[]> = 'GET /api/pageHeader/getAll';
export const SITE_STATISTIC: Route<void, SiteStatistic> = 'GET /api/statistic';
export const SITE_CATEGORIES: Route<void, CategoryEntry[]> = 'GET /api/category/getCategoryDictionary';
export const SITE_TAGS: Route<void, TagEntry[]> = 'GET /api/tag/getTagDictionary';
export const SITE_ALBUMS: Route<void, never[]> = 'GET /api/photoAlbum/getAllAlbumList';
export const SITE_ALBUM_PHOTOS: Route<ById, never[]> = 'GET /api/photo/getAllPhotosByAlbumId/:id';

// Articles
export const ARTICLE_HOME: Route<Paging, ArticlePage> = 'GET /api/article/blogHomeGetArticleList/:current/:size';
export const ARTICLE_TIMELINE: Route<Paging, TimelinePage> = 'GET /api/article/blogTimelineGetArticleList/:current/:size';
export const ARTICLE_BY_TAG: Route<ById & Paging, ArticleBriefPage> = 'POST /api/article/getArticleListByTagId';
export const ARTICLE_BY_CATEGORY: Route<ById & Paging, ArticleBriefPage> = 'POST /api/article/getArticleListByCategoryId';
export const ARTICLE_RELATED: Route<ById, RelatedArticles> = 'GET /api/article/getRecommendArticleById/:id';
export const ARTICLE_DETAIL: Route<ById, ArticleDetail> = 'GET /api/article/getArticleById/:id';
export const ARTICLE_VIEW: Route<ById, ArticleLive> = 'PUT /api/article/view/:id';
export const ARTICLE_HOT: Route<void, HotArticle[]> = 'GET /api/article/getHotArticle';
export const ARTICLE_SEARCH: Route<{ keyword: string }, SearchResult[]> = 'GET /api/article/getArticleListByContent{/:keyword}';
export const ARTICLE_LIKE: Route<ById, number> = 'PUT /api/article/like/:id';
export const ARTICLE_UNLIKE: Route<ById, number> = 'PUT /api/article/cancelLike/:id';
export const ARTICLE_IS_LIKED: Route<ById, boolean> = 'GET /api/article/isLike/:id';
/** Answers the article's new total, in milliseconds. */
export const ARTICLE_ADD_READING: Route<ById & { duration: number }, number> = 'PUT /api/article/addReadingDuration/:id/:duration';

// Likes, for every kind of target
export const LIKE_IS_LIKED: Route<LikeBody, boolean> = 'POST /api/like/getIsLikeByIdAndType';
export const LIKE_ADD: Route<LikeBody, true> = 'POST /api/like/addLike';
export const LIKE_CANCEL: Route<LikeBody, true> = 'POST /api/like/cancelLike';

// Comments
export const COMMENT_ADD: Route<CommentBody, AddedComment> = 'POST /api/comment/add';
export const COMMENT_REPLY: Route<ReplyBody, AddedReply> = 'POST /api/comment/apply';
export const COMMENT_LIKE: Route<ById, number> = 'PUT /api/comment/thumbUp/:id';
export const COMMENT_UNLIKE: Route<ById, number> = 'PUT /api/comment/cancelThumbUp/:id';
export const COMMENT_REMOVE: Route<ById & { parent_id?: number }, true> = 'DELETE /api/comment/delete/:id{/:parent_id}';
export const COMMENT_ROOTS: Route<RootCommentQuery, Page<RootComment>> = 'POST /api/comment/frontGetParentComment';
export const COMMENT_REPLIES: Route<ReplyCommentQuery, Page<ReplyComment>> = 'POST /api/comment/frontGetChildrenComment';
export const COMMENT_TOTAL: Route<CommentTotalQuery, number> = 'POST /api/comment/getCommentTotal';
/** A guest's confirm link: replies to their comments may be mailed to the address from now on. */
export const COMMENT_CONFIRM_EMAIL: Route<VerifyEmailBody, true> = 'POST /api/comment/confirmEmail';

// Notifications
export const NOTIFICATION_LIST: Route<NotificationListBody, Page<Notification>> = 'POST /api/notify/getNotifyList';
export const NOTIFICATION_UNREAD_COUNT: Route<void, number> = 'GET /api/notify/unreadCount';
export const NOTIFICATION_MARK_READ: Route<ById, true> = 'PUT /api/notify/update/:id';
export const NOTIFICATION_REMOVE: Route<ById, true> = 'PUT /api/notify/delete/:id';

// The message board
export const MESSAGE_LIST: Route<MessageListQuery, Page<BoardMessage>> = 'POST /api/message/getMessageList';
export const MESSAGE_GET: Route<ById, BoardMessage> = 'GET /api/message/getMessageById/:id';
export const MESSAGE_HOT_TAGS: Route<void, HotTag[]> = 'GET /api/message/getHotTagList';
export const MESSAGE_ADD: Route<MessageDraft, BoardMessage> = 'POST /api/message/add';
export const MESSAGE_UPDATE: Route<MessageChanges, BoardMessage> = 'POST /api/message/update';
export const MESSAGE_REMOVE: Route<MessageDeletion, true> = 'PUT /api/message/delete';
export const MESSAGE_LIKE: Route<ById, number> = 'PUT /api/message/like/:id';
export const MESSAGE_UNLIKE: Route<ById, number> = 'PUT /api/message/cancelLike/:id';

// Talks
export const TALK_LIST: Route<Paging, Page<Talk>> = 'POST /api/talk/blogGetTalkList';
export const TALK_GET: Route<ById, Talk> = 'GET /api/talk/getTalkById/:id';
export const TALK_LIKE: Route<ById, number> = 'PUT /api/talk/like/:id';
export const TALK_UNLIKE: Route<ById, number> = 'PUT /api/talk/cancelLike/:id';

// Downloads
export const LINK_LIST: Route<Paging, Page<LinkItem>> = 'POST /api/links/getLinksList';
export const LINK_MINE: Route<void, LinkItem[]> = 'GET /api/links/mine';
export const LINK_ADD: Route<LinkDraft, LinkItem> = 'POST /api/links/add';
export const LINK_UPDATE: Route<LinkUpdate, LinkItem> = 'POST /api/links/frontUpdate';
export const LINK_APPROVE: Route<LinkReview, true> = 'PUT /api/links/approve';
export const LINK_REJECT: Route<LinkReview, true> = 'PUT /api/links/reject';

// The shop
export const SHOP_PRODUCTS: Route<void, ProductItem[]> = 'GET /api/shop/products';
export const SHOP_ORDER: Route<OrderBody, CreatedOrder> = 'POST /api/shop/order';
export const SHOP_GET_ORDER: Route<ByOrderNo, OrderItem> = 'GET /api/shop/order/:order_no';
export const SHOP_REPORT_PAID: Route<ByOrderNo, OrderItem> = 'PUT /api/shop/order/:order_no/paid';
export const SHOP_ORDERS: Route<Partial<Paging>, Page<OrderItem>> = 'GET /api/shop/orders';
export const SHOP_LICENSES: Route<void, LicenseItem[]> = 'GET /api/shop/licenses';
export const SHOP_RELEASE_MACHINE: Route<{ machine_id: number }, LicenseItem> = 'PUT /api/shop/machine/deactivate/:machine_id';
/** The payment provider's notice, by query string; answers the plain text `success` or `fail`. */
export const SHOP_EPAY_NOTICE: Route<Record<string, string>, Bare<'success' | 'fail'>> = 'GET /api/shop/notify/epay';
export const SHOP_CONFIRM: Route<ByOrderNo, OrderItem> = 'PUT /api/shop/admin/confirm/:order_no';
export const SHOP_REFUND: Route<ByOrderNo, OrderItem> = 'PUT /api/shop/admin/refund/:order_no';

// The owner's writing console
export const WRITING_ARTICLES: Route<Partial<Paging> & { status?: ArticleFilter; keyword?: string }, Page<WritingArticleRow>> = 'GET /api/admin/writing/articles';
export const WRITING_ARTICLE: Route<ById, WritingArticle> = 'GET /api/admin/writing/articles/:id';
export const WRITING_CREATE_ARTICLE: Route<SaveArticleBody, WritingArticle> = 'POST /api/admin/writing/articles';
export const WRITING_SAVE_ARTICLE: Route<ById & SaveArticleBody, WritingArticle> = 'PUT /api/admin/writing/articles/:id';
export const WRITING_TRASH_ARTICLE: Route<ById, true> = 'PUT /api/admin/writing/articles/:id/trash';
export const WRITING_RESTORE_ARTICLE: Route<ById, true> = 'PUT /api/admin/writing/articles/:id/restore';
export const WRITING_DESTROY_ARTICLE: Route<ById, true> = 'DELETE /api/admin/writing/articles/:id';
/** 撤下: a live article becomes a draft again, with its unpublished edits if any. */
export const WRITING_WITHDRAW_ARTICLE: Route<ById, WritingArticle> = 'PUT /api/admin/writing/articles/:id/withdraw';
/** 暂存修改: edits to a live article kept beside it, the live file untouched. */
export const WRITING_SAVE_PENDING_EDIT: Route<ById & SavePendingBody, WritingArticle> = 'PUT /api/admin/writing/articles/:id/pending';
export const WRITING_DROP_PENDING_EDIT: Route<ById, WritingArticle> = 'DELETE /api/admin/writing/articles/:id/pending';
export const WRITING_VERSIONS: Route<ById, ContentVersionRow[]> = 'GET /api/admin/writing/articles/:id/versions';
export const WRITING_VERSION: Route<ById & { versionId: number }, ContentVersionDetail> = 'GET /api/admin/writing/articles/:id/versions/:versionId';
export const WRITING_RESTORE_VERSION: Route<ById & { versionId: number }, WritingArticle> = 'PUT /api/admin/writing/articles/:id/versions/:versionId/restore';
export const WRITING_PREVIEW: Route<{ markdown: string; id?: number }, { html: string }> = 'POST /api/admin/writing/preview';
/** `use`: where beside the articles the image goes, `images` (the default) or `covers`. */
export const WRITING_IMAGE: Route<ImageFile & { use?: 'images' | 'covers' }, UploadedContentImage> = 'POST /api/admin/writing/images';
/** The image file itself. */
export const WRITING_FILE: Route<{ path: string }, Bare<Blob>> = 'GET /api/admin/writing/files/*path';
export const WRITING_TALKS: Route<{ trashed?: '0' | '1' }, WritingTalk[]> = 'GET /api/admin/writing/talks';
export const WRITING_CREATE_TALK: Route<SaveTalkBody, WritingTalk> = 'POST /api/admin/writing/talks';
export const WRITING_SAVE_TALK: Route<ById & SaveTalkBody, WritingTalk> = 'PUT /api/admin/writing/talks/:id';
export const WRITING_TRASH_TALK: Route<ById, true> = 'PUT /api/admin/writing/talks/:id/trash';
export const WRITING_RESTORE_TALK: Route<ById, true> = 'PUT /api/admin/writing/talks/:id/restore';
export const WRITING_DESTROY_TALK: Route<ById, true> = 'DELETE /api/admin/writing/talks/:id';
export const WRITING_TAXONOMY: Route<void, Taxonomies> = 'GET /api/admin/writing/taxonomy';
export const WRITING_RENAME_TAXONOMY: Route<{ kind: 'category' | 'tag'; from: string; to: string }, { changed: number }> = 'PUT /api/admin/writing/taxonomy/rename';
export const WRITING_PUBLISH_STATE: Route<void, PublishState> = 'GET /api/admin/writing/publish';
export const WRITING_PUBLISH: Route<void, PublishState> = 'POST /api/admin/writing/publish';

// The admin console
export const ADMIN_DASHBOARD: Route<void, Dashboard> = 'GET /api/admin/dashboard';
export const ADMIN_COMMENTS: Route<KeywordPaging & { status?: AdminCommentStatus }, Page<AdminComment>> = 'GET /api/admin/comments';
export const ADMIN_APPROVE_COMMENTS: Route<BulkIds, number> = 'PUT /api/admin/comments/approve';
export const ADMIN_HIDE_COMMENTS: Route<BulkIds & Hidden, number> = 'PUT /api/admin/comments/hidden';
export const ADMIN_REMOVE_COMMENTS: Route<BulkIds, number> = 'PUT /api/admin/comments/delete';
export const ADMIN_HIDE_COMMENT: Route<ById & Hidden, true> = 'PUT /api/admin/comments/:id/hidden';
export const ADMIN_REMOVE_COMMENT: Route<ById, true> = 'PUT /api/admin/comments/:id/delete';
export const ADMIN_COMMENT_RULES: Route<void, CommentRules> = 'GET /api/admin/commentRules';
export const ADMIN_SET_COMMENT_RULES: Route<CommentRules, CommentRules> = 'PUT /api/admin/commentRules';
export const ADMIN_MESSAGES: Route<KeywordPaging, Page<AdminMessage>> = 'GET /api/admin/messages';
export const ADMIN_HIDE_MESSAGE: Route<ById & Hidden, true> = 'PUT /api/admin/messages/:id/hidden';
export const ADMIN_REMOVE_MESSAGE: Route<ById, true> = 'PUT /api/admin/messages/:id/delete';
export const ADMIN_LINKS: Route<Partial<Paging> & { status?: LinkStatusCode }, Page<LinkItem>> = 'GET /api/admin/links';
export const ADMIN_USERS: Route<KeywordPaging, Page<AdminUser>> = 'GET /api/admin/users';
export const ADMIN_DISABLE_USER: Route<ById & { disabled: boolean; hide_writing?: boolean }, AdminUser> = 'PUT /api/admin/users/:id/disabled';
export const ADMIN_RESET_LINK: Route<ById, ResetLink> = 'POST /api/admin/users/:id/resetLink';
export const ADMIN_SET_ROLE: Route<ById & { role: RoleCode }, AdminUser> = 'PUT /api/admin/users/:id/role';
export const ADMIN_ORDERS: Route<Partial<Paging> & { status?: OrderStatus }, Page<AdminOrder>> = 'GET /api/admin/orders';
export const ADMIN_PAYMENTS: Route<Partial<Paging> & { flagged?: '0' | '1' }, Page<AdminPayment>> = 'GET /api/admin/payments';
export const ADMIN_LICENSES: Route<{ order_no?: string; user_id?: number }, AdminLicense[]> = 'GET /api/admin/licenses';
export const ADMIN_REVOKE_LICENSE: Route<ByOrderNo, true> = 'PUT /api/admin/licenses/:order_no/revoke';
/** Answers how many machines were freed. */
export const ADMIN_RESET_MACHINES: Route<ByOrderNo, number> = 'PUT /api/admin/licenses/:order_no/reset';

// Licenses, for the desktop tools
/** Ed25519, as PEM text. */
export const LICENSE_PUBLIC_KEY: Route<void, string> = 'GET /api/license/public-key';
export const LICENSE_ACTIVATE: Route<ActivateBody, Activation> = 'POST /api/license/activate';
export const LICENSE_VALIDATE: Route<LicenseCheckBody, Validation> = 'POST /api/license/validate';
export const LICENSE_DEACTIVATE: Route<LicenseCheckBody, Deactivation> = 'POST /api/license/deactivate';

// Accounts
export const USER_REGISTER: Route<RegisterBody, Registered> = 'POST /api/user/register';
export const USER_LOGIN: Route<LoginBody, LoginResult> = 'POST /api/user/login';
export const USER_LOGOUT: Route<void, true> = 'POST /api/user/logout';
export const USER_INFO: Route<void, Profile> = 'GET /api/user/getUserInfo';
export const USER_PUBLIC_PROFILE: Route<ById, PublicProfile> = 'GET /api/user/getUserInfoById/:id';
export const USER_UPDATE: Route<ProfileChanges, Profile> = 'PUT /api/user/updateOwnUserInfo';
export const USER_FORGOT_PASSWORD: Route<ForgotPasswordBody, true> = 'POST /api/user/forgotPassword';
export const USER_RESET_PASSWORD: Route<ResetPasswordBody, true> = 'POST /api/user/resetPassword';
export const USER_VERIFY_EMAIL: Route<VerifyEmailBody, true> = 'POST /api/user/verifyEmail';
/** The link mailed to a verified address that was replaced: it is the account's again, and every session ends. */
export const USER_UNDO_EMAIL_CHANGE: Route<VerifyEmailBody, true> = 'POST /api/user/undoEmailChange';
export const USER_CHANGE_PASSWORD: Route<PasswordChange, true> = 'PUT /api/user/updatePassword';

// Uploads
export const UPLOAD_IMAGE: Route<ImageFile, UploadedImage> = 'POST /api/upload/img';

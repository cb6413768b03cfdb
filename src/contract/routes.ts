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
import type {
  AdminComment,
  AdminCommentStatus,
  AdminLicense,
  AdminMessage,
  AdminOrder,
  AdminPayment,
  AdminUser,
  Dashboard,
} from './admin.ts';
import type {
  ArticleBriefPage,
  ArticleDetail,
  ArticleLive,
  ArticlePage,
  HotArticle,
  RelatedArticles,
  SearchResult,
  TimelinePage,
} from './articles.ts';
import type { CommentRules } from './commentRules.ts';
import type {
  AddedComment,
  AddedReply,
  CommentBody,
  CommentTotalQuery,
  ReplyBody,
  ReplyComment,
  ReplyCommentQuery,
  RootComment,
  RootCommentQuery,
} from './comments.ts';
import type { Page } from './envelope.ts';
import type { LikeBody } from './likes.ts';
import type { LinkItem, LinkReview, LinkDraft, LinkUpdate, LinkStatusCode } from './links.ts';
import type {
  BoardMessage,
  HotTag,
  MessageChanges,
  MessageDeletion,
  MessageDraft,
  MessageListQuery,
} from './messages.ts';
import type { Talk } from './talks.ts';
import type { Notification, NotificationListBody } from './notifications.ts';
import type {
  ActivateBody,
  Activation,
  CreatedOrder,
  Deactivation,
  LicenseCheckBody,
  LicenseItem,
  OrderBody,
  OrderItem,
  OrderStatus,
  ProductItem,
  Validation,
} from './shop.ts';
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
 * An endpoint's route, `'PUT /api/article/view/:id'`, branded with its types: the string is all
 * there is at run time, and each route below is declared `as` its brand, which no other string
 * carries. `Input` is what the endpoint reads: its path parameters, and the rest as the query of a
 * GET or DELETE, the JSON body of a POST or PUT, or beside an upload's files, its query. `Answer`
 * is the envelope's `result`.
 */
export type Route<Input = unknown, Answer = unknown> = `${HttpMethod} /api/${string}` & {
  readonly [carries]: { input: Input; answer: Answer };
};

export type InputOf<R extends Route> = R[typeof carries]['input'];
export type AnswerOf<R extends Route> = R[typeof carries]['answer'];

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
  const [method, path] = route.split(' ');
  return { method: method as HttpMethod, path };
}

type ById = { id: number };
type ByOrderNo = { order_no: string };
type Paging = { current: number; size: number };
type KeywordPaging = Partial<Paging> & { keyword?: string };
type Hidden = { hidden: boolean };
type BulkIds = { idList: number[] };

// Site
export const SITE_CONFIG = 'GET /api/config' as Route<void, SiteConfig>;
export const SITE_ADD_VIEW = 'PUT /api/config/addView' as Route<void, number>;
export const SITE_PAGE_HEADERS = 'GET /api/pageHeader/getAll' as Route<void, PageHeaderEntry[]>;
export const SITE_STATISTIC = 'GET /api/statistic' as Route<void, SiteStatistic>;
export const SITE_CATEGORIES = 'GET /api/category/getCategoryDictionary' as Route<void, CategoryEntry[]>;
export const SITE_TAGS = 'GET /api/tag/getTagDictionary' as Route<void, TagEntry[]>;
export const SITE_ALBUMS = 'GET /api/photoAlbum/getAllAlbumList' as Route<void, never[]>;
export const SITE_ALBUM_PHOTOS = 'GET /api/photo/getAllPhotosByAlbumId/:id' as Route<ById, never[]>;

// Articles
export const ARTICLE_HOME = 'GET /api/article/blogHomeGetArticleList/:current/:size' as Route<Paging, ArticlePage>;
export const ARTICLE_TIMELINE = 'GET /api/article/blogTimelineGetArticleList/:current/:size' as Route<
  Paging,
  TimelinePage
>;
export const ARTICLE_BY_TAG = 'POST /api/article/getArticleListByTagId' as Route<ById & Paging, ArticleBriefPage>;
export const ARTICLE_BY_CATEGORY = 'POST /api/article/getArticleListByCategoryId' as Route<
  ById & Paging,
  ArticleBriefPage
>;
export const ARTICLE_RELATED = 'GET /api/article/getRecommendArticleById/:id' as Route<ById, RelatedArticles>;
export const ARTICLE_DETAIL = 'GET /api/article/getArticleById/:id' as Route<ById, ArticleDetail>;
export const ARTICLE_VIEW = 'PUT /api/article/view/:id' as Route<ById, ArticleLive>;
export const ARTICLE_HOT = 'GET /api/article/getHotArticle' as Route<void, HotArticle[]>;
export const ARTICLE_SEARCH = 'GET /api/article/getArticleListByContent{/:keyword}' as Route<
  { keyword: string },
  SearchResult[]
>;
export const ARTICLE_LIKE = 'PUT /api/article/like/:id' as Route<ById, number>;
export const ARTICLE_UNLIKE = 'PUT /api/article/cancelLike/:id' as Route<ById, number>;
export const ARTICLE_IS_LIKED = 'GET /api/article/isLike/:id' as Route<ById, boolean>;
/** Answers the article's new total, in milliseconds. */
export const ARTICLE_ADD_READING = 'PUT /api/article/addReadingDuration/:id/:duration' as Route<
  ById & { duration: number },
  number
>;

// Likes, for every kind of target
export const LIKE_IS_LIKED = 'POST /api/like/getIsLikeByIdAndType' as Route<LikeBody, boolean>;
export const LIKE_ADD = 'POST /api/like/addLike' as Route<LikeBody, true>;
export const LIKE_CANCEL = 'POST /api/like/cancelLike' as Route<LikeBody, true>;

// Comments
export const COMMENT_ADD = 'POST /api/comment/add' as Route<CommentBody, AddedComment>;
export const COMMENT_REPLY = 'POST /api/comment/apply' as Route<ReplyBody, AddedReply>;
export const COMMENT_LIKE = 'PUT /api/comment/thumbUp/:id' as Route<ById, number>;
export const COMMENT_UNLIKE = 'PUT /api/comment/cancelThumbUp/:id' as Route<ById, number>;
export const COMMENT_REMOVE = 'DELETE /api/comment/delete/:id{/:parent_id}' as Route<
  ById & { parent_id?: number },
  true
>;
export const COMMENT_ROOTS = 'POST /api/comment/frontGetParentComment' as Route<RootCommentQuery, Page<RootComment>>;
export const COMMENT_REPLIES = 'POST /api/comment/frontGetChildrenComment' as Route<
  ReplyCommentQuery,
  Page<ReplyComment>
>;
export const COMMENT_TOTAL = 'POST /api/comment/getCommentTotal' as Route<CommentTotalQuery, number>;
/** A guest's confirm link: replies to their comments may be mailed to the address from now on. */
export const COMMENT_CONFIRM_EMAIL = 'POST /api/comment/confirmEmail' as Route<VerifyEmailBody, true>;

// Notifications
export const NOTIFICATION_LIST = 'POST /api/notify/getNotifyList' as Route<NotificationListBody, Page<Notification>>;
export const NOTIFICATION_UNREAD_COUNT = 'GET /api/notify/unreadCount' as Route<void, number>;
export const NOTIFICATION_MARK_READ = 'PUT /api/notify/update/:id' as Route<ById, true>;
export const NOTIFICATION_REMOVE = 'PUT /api/notify/delete/:id' as Route<ById, true>;

// The message board
export const MESSAGE_LIST = 'POST /api/message/getMessageList' as Route<MessageListQuery, Page<BoardMessage>>;
export const MESSAGE_GET = 'GET /api/message/getMessageById/:id' as Route<ById, BoardMessage>;
export const MESSAGE_HOT_TAGS = 'GET /api/message/getHotTagList' as Route<void, HotTag[]>;
export const MESSAGE_ADD = 'POST /api/message/add' as Route<MessageDraft, BoardMessage>;
export const MESSAGE_UPDATE = 'POST /api/message/update' as Route<MessageChanges, BoardMessage>;
export const MESSAGE_REMOVE = 'PUT /api/message/delete' as Route<MessageDeletion, true>;
export const MESSAGE_LIKE = 'PUT /api/message/like/:id' as Route<ById, number>;
export const MESSAGE_UNLIKE = 'PUT /api/message/cancelLike/:id' as Route<ById, number>;

// Talks
export const TALK_LIST = 'POST /api/talk/blogGetTalkList' as Route<Paging, Page<Talk>>;
export const TALK_GET = 'GET /api/talk/getTalkById/:id' as Route<ById, Talk>;
export const TALK_LIKE = 'PUT /api/talk/like/:id' as Route<ById, number>;
export const TALK_UNLIKE = 'PUT /api/talk/cancelLike/:id' as Route<ById, number>;

// Downloads
export const LINK_LIST = 'POST /api/links/getLinksList' as Route<Paging, Page<LinkItem>>;
export const LINK_MINE = 'GET /api/links/mine' as Route<void, LinkItem[]>;
export const LINK_ADD = 'POST /api/links/add' as Route<LinkDraft, LinkItem>;
export const LINK_UPDATE = 'POST /api/links/frontUpdate' as Route<LinkUpdate, LinkItem>;
export const LINK_APPROVE = 'PUT /api/links/approve' as Route<LinkReview, true>;
export const LINK_REJECT = 'PUT /api/links/reject' as Route<LinkReview, true>;

// The shop
export const SHOP_PRODUCTS = 'GET /api/shop/products' as Route<void, ProductItem[]>;
export const SHOP_ORDER = 'POST /api/shop/order' as Route<OrderBody, CreatedOrder>;
export const SHOP_GET_ORDER = 'GET /api/shop/order/:order_no' as Route<ByOrderNo, OrderItem>;
export const SHOP_REPORT_PAID = 'PUT /api/shop/order/:order_no/paid' as Route<ByOrderNo, OrderItem>;
export const SHOP_ORDERS = 'GET /api/shop/orders' as Route<Partial<Paging>, Page<OrderItem>>;
export const SHOP_LICENSES = 'GET /api/shop/licenses' as Route<void, LicenseItem[]>;
export const SHOP_RELEASE_MACHINE = 'PUT /api/shop/machine/deactivate/:machine_id' as Route<
  { machine_id: number },
  LicenseItem
>;
/** The payment provider's notice, by query string; answers the plain text `success` or `fail`. */
export const SHOP_EPAY_NOTICE = 'GET /api/shop/notify/epay' as Route<Record<string, string>, Bare<'success' | 'fail'>>;
export const SHOP_CONFIRM = 'PUT /api/shop/admin/confirm/:order_no' as Route<ByOrderNo, OrderItem>;
export const SHOP_REFUND = 'PUT /api/shop/admin/refund/:order_no' as Route<ByOrderNo, OrderItem>;

// The owner's writing console
export const WRITING_ARTICLES = 'GET /api/admin/writing/articles' as Route<
  Partial<Paging> & { status?: ArticleFilter; keyword?: string },
  Page<WritingArticleRow>
>;
export const WRITING_ARTICLE = 'GET /api/admin/writing/articles/:id' as Route<ById, WritingArticle>;
export const WRITING_CREATE_ARTICLE = 'POST /api/admin/writing/articles' as Route<SaveArticleBody, WritingArticle>;
export const WRITING_SAVE_ARTICLE = 'PUT /api/admin/writing/articles/:id' as Route<
  ById & SaveArticleBody,
  WritingArticle
>;
export const WRITING_TRASH_ARTICLE = 'PUT /api/admin/writing/articles/:id/trash' as Route<ById, true>;
export const WRITING_RESTORE_ARTICLE = 'PUT /api/admin/writing/articles/:id/restore' as Route<ById, true>;
export const WRITING_DESTROY_ARTICLE = 'DELETE /api/admin/writing/articles/:id' as Route<ById, true>;
/** 撤下: a live article becomes a draft again, with its unpublished edits if any. */
export const WRITING_WITHDRAW_ARTICLE = 'PUT /api/admin/writing/articles/:id/withdraw' as Route<ById, WritingArticle>;
/** 暂存修改: edits to a live article kept beside it, the live file untouched. */
export const WRITING_SAVE_PENDING_EDIT = 'PUT /api/admin/writing/articles/:id/pending' as Route<
  ById & SavePendingBody,
  WritingArticle
>;
export const WRITING_DROP_PENDING_EDIT = 'DELETE /api/admin/writing/articles/:id/pending' as Route<
  ById,
  WritingArticle
>;
export const WRITING_VERSIONS = 'GET /api/admin/writing/articles/:id/versions' as Route<ById, ContentVersionRow[]>;
export const WRITING_VERSION = 'GET /api/admin/writing/articles/:id/versions/:versionId' as Route<
  ById & { versionId: number },
  ContentVersionDetail
>;
export const WRITING_RESTORE_VERSION = 'PUT /api/admin/writing/articles/:id/versions/:versionId/restore' as Route<
  ById & { versionId: number },
  WritingArticle
>;
export const WRITING_PREVIEW = 'POST /api/admin/writing/preview' as Route<
  { markdown: string; id?: number },
  { html: string }
>;
/** `use`: where beside the articles the image goes, `images` (the default) or `covers`. */
export const WRITING_IMAGE = 'POST /api/admin/writing/images' as Route<
  ImageFile & { use?: 'images' | 'covers' },
  UploadedContentImage
>;
/** The image file itself. */
export const WRITING_FILE = 'GET /api/admin/writing/files/*path' as Route<{ path: string }, Bare<Blob>>;
export const WRITING_TALKS = 'GET /api/admin/writing/talks' as Route<{ trashed?: '0' | '1' }, WritingTalk[]>;
export const WRITING_CREATE_TALK = 'POST /api/admin/writing/talks' as Route<SaveTalkBody, WritingTalk>;
export const WRITING_SAVE_TALK = 'PUT /api/admin/writing/talks/:id' as Route<ById & SaveTalkBody, WritingTalk>;
export const WRITING_TRASH_TALK = 'PUT /api/admin/writing/talks/:id/trash' as Route<ById, true>;
export const WRITING_RESTORE_TALK = 'PUT /api/admin/writing/talks/:id/restore' as Route<ById, true>;
export const WRITING_DESTROY_TALK = 'DELETE /api/admin/writing/talks/:id' as Route<ById, true>;
export const WRITING_TAXONOMY = 'GET /api/admin/writing/taxonomy' as Route<void, Taxonomies>;
export const WRITING_RENAME_TAXONOMY = 'PUT /api/admin/writing/taxonomy/rename' as Route<
  { kind: 'category' | 'tag'; from: string; to: string },
  { changed: number }
>;
export const WRITING_PUBLISH_STATE = 'GET /api/admin/writing/publish' as Route<void, PublishState>;
export const WRITING_PUBLISH = 'POST /api/admin/writing/publish' as Route<void, PublishState>;

// The admin console
export const ADMIN_DASHBOARD = 'GET /api/admin/dashboard' as Route<void, Dashboard>;
/** 导出全部: the whole site as one zip, the same as `npm run export`. */
export const ADMIN_EXPORT = 'GET /api/admin/export' as Route<void, Bare<Blob>>;
export const ADMIN_COMMENTS = 'GET /api/admin/comments' as Route<
  KeywordPaging & { status?: AdminCommentStatus },
  Page<AdminComment>
>;
export const ADMIN_APPROVE_COMMENTS = 'PUT /api/admin/comments/approve' as Route<BulkIds, number>;
export const ADMIN_HIDE_COMMENTS = 'PUT /api/admin/comments/hidden' as Route<BulkIds & Hidden, number>;
export const ADMIN_REMOVE_COMMENTS = 'PUT /api/admin/comments/delete' as Route<BulkIds, number>;
export const ADMIN_HIDE_COMMENT = 'PUT /api/admin/comments/:id/hidden' as Route<ById & Hidden, true>;
export const ADMIN_REMOVE_COMMENT = 'PUT /api/admin/comments/:id/delete' as Route<ById, true>;
export const ADMIN_COMMENT_RULES = 'GET /api/admin/commentRules' as Route<void, CommentRules>;
export const ADMIN_SET_COMMENT_RULES = 'PUT /api/admin/commentRules' as Route<CommentRules, CommentRules>;
export const ADMIN_MESSAGES = 'GET /api/admin/messages' as Route<KeywordPaging, Page<AdminMessage>>;
export const ADMIN_HIDE_MESSAGE = 'PUT /api/admin/messages/:id/hidden' as Route<ById & Hidden, true>;
export const ADMIN_REMOVE_MESSAGE = 'PUT /api/admin/messages/:id/delete' as Route<ById, true>;
export const ADMIN_LINKS = 'GET /api/admin/links' as Route<
  Partial<Paging> & { status?: LinkStatusCode },
  Page<LinkItem>
>;
export const ADMIN_USERS = 'GET /api/admin/users' as Route<KeywordPaging, Page<AdminUser>>;
export const ADMIN_DISABLE_USER = 'PUT /api/admin/users/:id/disabled' as Route<
  ById & { disabled: boolean; hide_writing?: boolean },
  AdminUser
>;
export const ADMIN_RESET_LINK = 'POST /api/admin/users/:id/resetLink' as Route<ById, ResetLink>;
export const ADMIN_SET_ROLE = 'PUT /api/admin/users/:id/role' as Route<ById & { role: RoleCode }, AdminUser>;
export const ADMIN_ORDERS = 'GET /api/admin/orders' as Route<
  Partial<Paging> & { status?: OrderStatus },
  Page<AdminOrder>
>;
export const ADMIN_PAYMENTS = 'GET /api/admin/payments' as Route<
  Partial<Paging> & { flagged?: '0' | '1' },
  Page<AdminPayment>
>;
export const ADMIN_LICENSES = 'GET /api/admin/licenses' as Route<
  { order_no?: string; user_id?: number },
  AdminLicense[]
>;
export const ADMIN_REVOKE_LICENSE = 'PUT /api/admin/licenses/:order_no/revoke' as Route<ByOrderNo, true>;
/** Answers how many machines were freed. */
export const ADMIN_RESET_MACHINES = 'PUT /api/admin/licenses/:order_no/reset' as Route<ByOrderNo, number>;

// Licenses, for the desktop tools
/** Ed25519, as PEM text. */
export const LICENSE_PUBLIC_KEY = 'GET /api/license/public-key' as Route<void, string>;
export const LICENSE_ACTIVATE = 'POST /api/license/activate' as Route<ActivateBody, Activation>;
export const LICENSE_VALIDATE = 'POST /api/license/validate' as Route<LicenseCheckBody, Validation>;
export const LICENSE_DEACTIVATE = 'POST /api/license/deactivate' as Route<LicenseCheckBody, Deactivation>;

// Accounts
export const USER_REGISTER = 'POST /api/user/register' as Route<RegisterBody, Registered>;
export const USER_LOGIN = 'POST /api/user/login' as Route<LoginBody, LoginResult>;
export const USER_LOGOUT = 'POST /api/user/logout' as Route<void, true>;
export const USER_INFO = 'GET /api/user/getUserInfo' as Route<void, Profile>;
export const USER_PUBLIC_PROFILE = 'GET /api/user/getUserInfoById/:id' as Route<ById, PublicProfile>;
export const USER_UPDATE = 'PUT /api/user/updateOwnUserInfo' as Route<ProfileChanges, Profile>;
export const USER_FORGOT_PASSWORD = 'POST /api/user/forgotPassword' as Route<ForgotPasswordBody, true>;
export const USER_RESET_PASSWORD = 'POST /api/user/resetPassword' as Route<ResetPasswordBody, true>;
export const USER_VERIFY_EMAIL = 'POST /api/user/verifyEmail' as Route<VerifyEmailBody, true>;
/** The link mailed to a verified address that was replaced: it is the account's again, and every session ends. */
export const USER_UNDO_EMAIL_CHANGE = 'POST /api/user/undoEmailChange' as Route<VerifyEmailBody, true>;
export const USER_CHANGE_PASSWORD = 'PUT /api/user/updatePassword' as Route<PasswordChange, true>;

// Uploads
export const UPLOAD_IMAGE = 'POST /api/upload/img' as Route<ImageFile, UploadedImage>;

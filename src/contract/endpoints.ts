/**
 * Every endpoint of the API, once (docs/api.md): its method, its full path as clients call it,
 * what it takes and answers, and the budgets it spends. The server registers each route against
 * its entry here, so a path is written in full in this file alone; a test fails when a mounted
 * route is missing here or an entry is not mounted. Types and constants only: a browser may import it.
 *
 * `Input` is what the endpoint reads: its path parameters, its query or its JSON body. `Answer` is
 * the envelope's `result`. Paths are in Express's syntax: `:id` a parameter, `{/:keyword}` an
 * optional part, `*path` the rest of the path.
 */
import type { AdminComment, AdminCommentStatus, AdminLicense, AdminMessage, AdminOrder, AdminPayment, AdminUser, Dashboard } from './admin.ts';
import type { ArticleBriefPage, ArticleDetail, ArticleLive, ArticlePage, HotArticle, RelatedArticles, SearchResult, TimelinePage } from './articles.ts';
import { BUDGETS, type Budget } from './budgets.ts';
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
  SaveTalkBody,
  Taxonomies,
  UploadedContentImage,
  WritingArticle,
  WritingArticleRow,
  WritingTalk,
} from './writing.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<Input = unknown, Answer = unknown> {
  readonly method: HttpMethod;
  readonly path: string;
  /** In the order they are spent; a call over any of them is refused. */
  readonly budgets: readonly Budget[];
  /** Never set: it carries the types, for clients that call the endpoint by its entry. */
  readonly types?: { input: Input; answer: Answer };
}

/** Endpoints served by one router, each path under `prefix`. */
export interface EndpointGroup<E extends Record<string, Endpoint> = Record<string, Endpoint>> {
  readonly prefix: string;
  readonly endpoints: E;
}

const endpoint =
  (method: HttpMethod) =>
  <Input = void, Answer = true>(path: string, ...budgets: Budget[]): Endpoint<Input, Answer> => ({ method, path, budgets });
const get = endpoint('GET');
const post = endpoint('POST');
const put = endpoint('PUT');
const del = endpoint('DELETE');
const group = <E extends Record<string, Endpoint>>(prefix: string, endpoints: E): EndpointGroup<E> => ({ prefix, endpoints });

type ById = { id: number };
/** Every like route spends both, so one budget covers liking whichever route a client uses. */
const LIKING = [BUDGETS.like, BUDGETS.likePerAddress];
const COMMENTING = [BUDGETS.comment, BUDGETS.commentPerAddress];
type ByOrderNo = { order_no: string };
type Paging = { current: number; size: number };
type KeywordPaging = Partial<Paging> & { keyword?: string };
type Hidden = { hidden: boolean };
type BulkIds = { idList: number[] };
/** A multipart body whose `file` part is the image. */
type ImageFile = FormData;

export const API = {
  site: group('/api', {
    config: get<void, SiteConfig>('/api/config'),
    addView: put<void, number>('/api/config/addView', BUDGETS.siteView),
    pageHeaders: get<void, PageHeaderEntry[]>('/api/pageHeader/getAll'),
    statistic: get<void, SiteStatistic>('/api/statistic'),
    categories: get<void, CategoryEntry[]>('/api/category/getCategoryDictionary'),
    tags: get<void, TagEntry[]>('/api/tag/getTagDictionary'),
    albums: get<void, never[]>('/api/photoAlbum/getAllAlbumList'),
    albumPhotos: get<ById, never[]>('/api/photo/getAllPhotosByAlbumId/:id'),
  }),
  article: group('/api/article', {
    home: get<Paging, ArticlePage>('/api/article/blogHomeGetArticleList/:current/:size'),
    timeline: get<Paging, TimelinePage>('/api/article/blogTimelineGetArticleList/:current/:size'),
    byTag: post<ById & Paging, ArticleBriefPage>('/api/article/getArticleListByTagId'),
    byCategory: post<ById & Paging, ArticleBriefPage>('/api/article/getArticleListByCategoryId'),
    related: get<ById, RelatedArticles>('/api/article/getRecommendArticleById/:id'),
    detail: get<ById, ArticleDetail>('/api/article/getArticleById/:id', BUDGETS.articleDetail, BUDGETS.articleView),
    view: put<ById, ArticleLive>('/api/article/view/:id', BUDGETS.articleView),
    hot: get<void, HotArticle[]>('/api/article/getHotArticle'),
    search: get<{ keyword: string }, SearchResult[]>('/api/article/getArticleListByContent{/:keyword}'),
    like: put<ById, number>('/api/article/like/:id', ...LIKING),
    unlike: put<ById, number>('/api/article/cancelLike/:id', ...LIKING),
    isLiked: get<ById, boolean>('/api/article/isLike/:id'),
    /** Answers the article's new total, in milliseconds. */
    addReading: put<ById & { duration: number }, number>('/api/article/addReadingDuration/:id/:duration', BUDGETS.readingTime),
  }),
  like: group('/api/like', {
    isLiked: post<LikeBody, boolean>('/api/like/getIsLikeByIdAndType'),
    like: post<LikeBody>('/api/like/addLike', ...LIKING),
    unlike: post<LikeBody>('/api/like/cancelLike', ...LIKING),
  }),
  comment: group('/api/comment', {
    add: post<CommentBody, AddedComment>('/api/comment/add', ...COMMENTING),
    reply: post<ReplyBody, AddedReply>('/api/comment/apply', ...COMMENTING),
    like: put<ById, number>('/api/comment/thumbUp/:id', ...LIKING),
    unlike: put<ById, number>('/api/comment/cancelThumbUp/:id', ...LIKING),
    remove: del<ById & { parent_id?: number }>('/api/comment/delete/:id{/:parent_id}'),
    roots: post<RootCommentQuery, Page<RootComment>>('/api/comment/frontGetParentComment'),
    replies: post<ReplyCommentQuery, Page<ReplyComment>>('/api/comment/frontGetChildrenComment'),
    total: post<CommentTotalQuery, number>('/api/comment/getCommentTotal'),
  }),
  notification: group('/api/notify', {
    list: post<NotificationListBody, Page<Notification>>('/api/notify/getNotifyList'),
    unreadCount: get<void, number>('/api/notify/unreadCount'),
    markRead: put<ById>('/api/notify/update/:id'),
    remove: put<ById>('/api/notify/delete/:id'),
  }),
  message: group('/api/message', {
    list: post<MessageListQuery, Page<BoardMessage>>('/api/message/getMessageList'),
    get: get<ById, BoardMessage>('/api/message/getMessageById/:id'),
    hotTags: get<void, HotTag[]>('/api/message/getHotTagList'),
    add: post<MessageDraft, BoardMessage>('/api/message/add', BUDGETS.messageWrite),
    update: post<MessageChanges, BoardMessage>('/api/message/update', BUDGETS.messageEdit),
    remove: put<MessageDeletion>('/api/message/delete'),
    like: put<ById, number>('/api/message/like/:id', ...LIKING),
    unlike: put<ById, number>('/api/message/cancelLike/:id', ...LIKING),
  }),
  talk: group('/api/talk', {
    list: post<Paging, Page<Talk>>('/api/talk/blogGetTalkList'),
    get: get<ById, Talk>('/api/talk/getTalkById/:id'),
    like: put<ById, number>('/api/talk/like/:id', ...LIKING),
    unlike: put<ById, number>('/api/talk/cancelLike/:id', ...LIKING),
  }),
  link: group('/api/links', {
    list: post<Paging, Page<LinkItem>>('/api/links/getLinksList'),
    mine: get<void, LinkItem[]>('/api/links/mine'),
    add: post<LinkDraft, LinkItem>('/api/links/add', BUDGETS.linkApplication),
    update: post<LinkUpdate, LinkItem>('/api/links/frontUpdate', BUDGETS.linkApplication),
    approve: put<LinkReview>('/api/links/approve'),
    reject: put<LinkReview>('/api/links/reject'),
  }),
  shop: group('/api/shop', {
    products: get<void, ProductItem[]>('/api/shop/products'),
    order: post<OrderBody, CreatedOrder>('/api/shop/order', BUDGETS.order),
    getOrder: get<ByOrderNo, OrderItem>('/api/shop/order/:order_no'),
    reportPaid: put<ByOrderNo, OrderItem>('/api/shop/order/:order_no/paid'),
    orders: get<Partial<Paging>, Page<OrderItem>>('/api/shop/orders'),
    licenses: get<void, LicenseItem[]>('/api/shop/licenses'),
    releaseMachine: put<{ machine_id: number }, LicenseItem>('/api/shop/machine/deactivate/:machine_id'),
    /** The payment provider's notice, by query string; answers the plain text `success` or `fail`, not an envelope. */
    epayNotice: get<Record<string, string>, 'success' | 'fail'>('/api/shop/notify/epay'),
    confirm: put<ByOrderNo, OrderItem>('/api/shop/admin/confirm/:order_no'),
    refund: put<ByOrderNo, OrderItem>('/api/shop/admin/refund/:order_no'),
  }),
  writing: group('/api/admin/writing', {
    articles: get<Partial<Paging> & { status?: ArticleFilter; keyword?: string }, Page<WritingArticleRow>>('/api/admin/writing/articles'),
    article: get<ById, WritingArticle>('/api/admin/writing/articles/:id'),
    createArticle: post<SaveArticleBody, WritingArticle>('/api/admin/writing/articles'),
    saveArticle: put<ById & SaveArticleBody, WritingArticle>('/api/admin/writing/articles/:id'),
    trashArticle: put<ById>('/api/admin/writing/articles/:id/trash'),
    restoreArticle: put<ById>('/api/admin/writing/articles/:id/restore'),
    destroyArticle: del<ById>('/api/admin/writing/articles/:id'),
    versions: get<ById, ContentVersionRow[]>('/api/admin/writing/articles/:id/versions'),
    version: get<ById & { versionId: number }, ContentVersionDetail>('/api/admin/writing/articles/:id/versions/:versionId'),
    restoreVersion: put<ById & { versionId: number }, WritingArticle>('/api/admin/writing/articles/:id/versions/:versionId/restore'),
    preview: post<{ markdown: string; id?: number }, { html: string }>('/api/admin/writing/preview'),
    /** `?use=images` or `covers`: where beside the articles the image goes. */
    image: post<ImageFile, UploadedContentImage>('/api/admin/writing/images'),
    /** The image file itself, not an envelope. */
    file: get<{ path: string }, Blob>('/api/admin/writing/files/*path'),
    talks: get<{ trashed?: '0' | '1' }, WritingTalk[]>('/api/admin/writing/talks'),
    createTalk: post<SaveTalkBody, WritingTalk>('/api/admin/writing/talks'),
    saveTalk: put<ById & SaveTalkBody, WritingTalk>('/api/admin/writing/talks/:id'),
    trashTalk: put<ById>('/api/admin/writing/talks/:id/trash'),
    restoreTalk: put<ById>('/api/admin/writing/talks/:id/restore'),
    destroyTalk: del<ById>('/api/admin/writing/talks/:id'),
    taxonomy: get<void, Taxonomies>('/api/admin/writing/taxonomy'),
    renameTaxonomy: put<{ kind: 'category' | 'tag'; from: string; to: string }, { changed: number }>('/api/admin/writing/taxonomy/rename'),
    publishState: get<void, PublishState>('/api/admin/writing/publish'),
    publish: post<void, PublishState>('/api/admin/writing/publish'),
  }),
  admin: group('/api/admin', {
    dashboard: get<void, Dashboard>('/api/admin/dashboard'),
    comments: get<KeywordPaging & { status?: AdminCommentStatus }, Page<AdminComment>>('/api/admin/comments'),
    approveComments: put<BulkIds, number>('/api/admin/comments/approve'),
    hideComments: put<BulkIds & Hidden, number>('/api/admin/comments/hidden'),
    removeComments: put<BulkIds, number>('/api/admin/comments/delete'),
    hideComment: put<ById & Hidden>('/api/admin/comments/:id/hidden'),
    removeComment: put<ById>('/api/admin/comments/:id/delete'),
    commentRules: get<void, CommentRules>('/api/admin/commentRules'),
    setCommentRules: put<CommentRules, CommentRules>('/api/admin/commentRules'),
    messages: get<KeywordPaging, Page<AdminMessage>>('/api/admin/messages'),
    hideMessage: put<ById & Hidden>('/api/admin/messages/:id/hidden'),
    removeMessage: put<ById>('/api/admin/messages/:id/delete'),
    links: get<Partial<Paging> & { status?: LinkStatusCode }, Page<LinkItem>>('/api/admin/links'),
    users: get<KeywordPaging, Page<AdminUser>>('/api/admin/users'),
    disableUser: put<ById & { disabled: boolean; hide_writing?: boolean }, AdminUser>('/api/admin/users/:id/disabled'),
    resetLink: post<ById, ResetLink>('/api/admin/users/:id/resetLink'),
    setRole: put<ById & { role: RoleCode }, AdminUser>('/api/admin/users/:id/role'),
    orders: get<Partial<Paging> & { status?: OrderStatus }, Page<AdminOrder>>('/api/admin/orders'),
    payments: get<Partial<Paging> & { flagged?: '0' | '1' }, Page<AdminPayment>>('/api/admin/payments'),
    licenses: get<{ order_no?: string; user_id?: number }, AdminLicense[]>('/api/admin/licenses'),
    revokeLicense: put<ByOrderNo>('/api/admin/licenses/:order_no/revoke'),
    /** Answers how many machines were freed. */
    resetMachines: put<ByOrderNo, number>('/api/admin/licenses/:order_no/reset'),
  }),
  license: group('/api/license', {
    /** Ed25519, as PEM text. */
    publicKey: get<void, string>('/api/license/public-key'),
    activate: post<ActivateBody, Activation>('/api/license/activate', BUDGETS.licensePerAddress, BUDGETS.licensePerKey),
    validate: post<LicenseCheckBody, Validation>('/api/license/validate', BUDGETS.licensePerAddress, BUDGETS.licensePerKey),
    deactivate: post<LicenseCheckBody, Deactivation>('/api/license/deactivate', BUDGETS.licensePerAddress, BUDGETS.licensePerKey),
  }),
  user: group('/api/user', {
    register: post<RegisterBody, Registered>('/api/user/register', BUDGETS.register),
    login: post<LoginBody, LoginResult>('/api/user/login', BUDGETS.login),
    logout: post('/api/user/logout'),
    info: get<void, Profile>('/api/user/getUserInfo'),
    publicProfile: get<ById, PublicProfile>('/api/user/getUserInfoById/:id'),
    update: put<ProfileChanges, Profile>('/api/user/updateOwnUserInfo'),
    forgotPassword: post<ForgotPasswordBody>('/api/user/forgotPassword', BUDGETS.forgotPassword),
    resetPassword: post<ResetPasswordBody>('/api/user/resetPassword', BUDGETS.tokenAttempt),
    verifyEmail: post<VerifyEmailBody>('/api/user/verifyEmail', BUDGETS.tokenAttempt),
    changePassword: put<PasswordChange>('/api/user/updatePassword'),
  }),
  upload: group('/api/upload', {
    image: post<ImageFile, UploadedImage>('/api/upload/img', BUDGETS.imageUpload),
  }),
} as const;

/** Every endpoint, in the order the server mounts them. */
export const ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((one: EndpointGroup) => Object.values(one.endpoints));

/**
 * The music service (docs/api.md §8), served beside the API: NeteaseCloudMusicApi's paths and
 * answers (`{code: 200, …}`), not the envelope. A data endpoint's path under the prefix is also
 * where an upstream server answers it (src/server/music/upstream.ts); `media` and `picture` are the
 * local library's files.
 */
const music = (path: string, ...budgets: Budget[]) => get<Record<string, string>, unknown>(path, ...budgets);
export const MUSIC_API = group('/wapi', {
  playlists: music('/wapi/toplist/detail', BUDGETS.musicData),
  playlistTracks: music('/wapi/playlist/track/all', BUDGETS.musicData),
  songs: music('/wapi/song/detail', BUDGETS.musicData),
  songUrls: music('/wapi/song/url/v1', BUDGETS.musicData),
  lyric: music('/wapi/lyric', BUDGETS.musicData),
  suggest: music('/wapi/search/suggest', BUDGETS.musicData),
  search: music('/wapi/cloudsearch', BUDGETS.musicData),
  artistSongs: music('/wapi/artist/songs', BUDGETS.musicData),
  artistTopSongs: music('/wapi/artist/top/song', BUDGETS.musicData),
  media: music('/wapi/media/:id'),
  picture: music('/wapi/picture/:id', BUDGETS.musicPicture),
});

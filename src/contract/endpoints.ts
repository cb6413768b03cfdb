/**
 * Every endpoint of the API, once (docs/api.md): its method, its path (paths.ts, where each is
 * written in full), what it takes and answers, and the budgets it spends. The server registers each
 * route against its entry here; a test fails when a mounted route is missing here or an entry is
 * not mounted.
 *
 * `Input` is what the endpoint reads: its path parameters, its query or its JSON body. `Answer` is
 * the envelope's `result`. Paths are in Express's syntax: `:id` a parameter, `{/:keyword}` an
 * optional part, `*path` the rest of the path.
 */
import * as PATHS from './paths.ts';
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
  SavePendingBody,
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
    config: get<void, SiteConfig>(PATHS.SITE_CONFIG),
    addView: put<void, number>(PATHS.SITE_ADD_VIEW, BUDGETS.siteView),
    pageHeaders: get<void, PageHeaderEntry[]>(PATHS.SITE_PAGE_HEADERS),
    statistic: get<void, SiteStatistic>(PATHS.SITE_STATISTIC),
    categories: get<void, CategoryEntry[]>(PATHS.SITE_CATEGORIES),
    tags: get<void, TagEntry[]>(PATHS.SITE_TAGS),
    albums: get<void, never[]>(PATHS.SITE_ALBUMS),
    albumPhotos: get<ById, never[]>(PATHS.SITE_ALBUM_PHOTOS),
  }),
  article: group('/api/article', {
    home: get<Paging, ArticlePage>(PATHS.ARTICLE_HOME),
    timeline: get<Paging, TimelinePage>(PATHS.ARTICLE_TIMELINE),
    byTag: post<ById & Paging, ArticleBriefPage>(PATHS.ARTICLE_BY_TAG),
    byCategory: post<ById & Paging, ArticleBriefPage>(PATHS.ARTICLE_BY_CATEGORY),
    related: get<ById, RelatedArticles>(PATHS.ARTICLE_RELATED),
    detail: get<ById, ArticleDetail>(PATHS.ARTICLE_DETAIL, BUDGETS.articleDetail, BUDGETS.articleView),
    view: put<ById, ArticleLive>(PATHS.ARTICLE_VIEW, BUDGETS.articleView),
    hot: get<void, HotArticle[]>(PATHS.ARTICLE_HOT),
    search: get<{ keyword: string }, SearchResult[]>(PATHS.ARTICLE_SEARCH),
    like: put<ById, number>(PATHS.ARTICLE_LIKE, ...LIKING),
    unlike: put<ById, number>(PATHS.ARTICLE_UNLIKE, ...LIKING),
    isLiked: get<ById, boolean>(PATHS.ARTICLE_IS_LIKED),
    /** Answers the article's new total, in milliseconds. */
    addReading: put<ById & { duration: number }, number>(PATHS.ARTICLE_ADD_READING, BUDGETS.readingTime),
  }),
  like: group('/api/like', {
    isLiked: post<LikeBody, boolean>(PATHS.LIKE_IS_LIKED),
    like: post<LikeBody>(PATHS.LIKE_ADD, ...LIKING),
    unlike: post<LikeBody>(PATHS.LIKE_CANCEL, ...LIKING),
  }),
  comment: group('/api/comment', {
    add: post<CommentBody, AddedComment>(PATHS.COMMENT_ADD, ...COMMENTING),
    reply: post<ReplyBody, AddedReply>(PATHS.COMMENT_REPLY, ...COMMENTING),
    like: put<ById, number>(PATHS.COMMENT_LIKE, ...LIKING),
    unlike: put<ById, number>(PATHS.COMMENT_UNLIKE, ...LIKING),
    remove: del<ById & { parent_id?: number }>(PATHS.COMMENT_REMOVE),
    roots: post<RootCommentQuery, Page<RootComment>>(PATHS.COMMENT_ROOTS),
    replies: post<ReplyCommentQuery, Page<ReplyComment>>(PATHS.COMMENT_REPLIES),
    total: post<CommentTotalQuery, number>(PATHS.COMMENT_TOTAL),
    /** A guest's confirm link: replies to their comments may be mailed to the address from now on. */
    confirmEmail: post<VerifyEmailBody>(PATHS.COMMENT_CONFIRM_EMAIL, BUDGETS.tokenAttempt),
  }),
  notification: group('/api/notify', {
    list: post<NotificationListBody, Page<Notification>>(PATHS.NOTIFICATION_LIST),
    unreadCount: get<void, number>(PATHS.NOTIFICATION_UNREAD_COUNT),
    markRead: put<ById>(PATHS.NOTIFICATION_MARK_READ),
    remove: put<ById>(PATHS.NOTIFICATION_REMOVE),
  }),
  message: group('/api/message', {
    list: post<MessageListQuery, Page<BoardMessage>>(PATHS.MESSAGE_LIST),
    get: get<ById, BoardMessage>(PATHS.MESSAGE_GET),
    hotTags: get<void, HotTag[]>(PATHS.MESSAGE_HOT_TAGS),
    add: post<MessageDraft, BoardMessage>(PATHS.MESSAGE_ADD, BUDGETS.messageWrite),
    update: post<MessageChanges, BoardMessage>(PATHS.MESSAGE_UPDATE, BUDGETS.messageEdit),
    remove: put<MessageDeletion>(PATHS.MESSAGE_REMOVE),
    like: put<ById, number>(PATHS.MESSAGE_LIKE, ...LIKING),
    unlike: put<ById, number>(PATHS.MESSAGE_UNLIKE, ...LIKING),
  }),
  talk: group('/api/talk', {
    list: post<Paging, Page<Talk>>(PATHS.TALK_LIST),
    get: get<ById, Talk>(PATHS.TALK_GET),
    like: put<ById, number>(PATHS.TALK_LIKE, ...LIKING),
    unlike: put<ById, number>(PATHS.TALK_UNLIKE, ...LIKING),
  }),
  link: group('/api/links', {
    list: post<Paging, Page<LinkItem>>(PATHS.LINK_LIST),
    mine: get<void, LinkItem[]>(PATHS.LINK_MINE),
    add: post<LinkDraft, LinkItem>(PATHS.LINK_ADD, BUDGETS.linkApplication),
    update: post<LinkUpdate, LinkItem>(PATHS.LINK_UPDATE, BUDGETS.linkApplication),
    approve: put<LinkReview>(PATHS.LINK_APPROVE),
    reject: put<LinkReview>(PATHS.LINK_REJECT),
  }),
  shop: group('/api/shop', {
    products: get<void, ProductItem[]>(PATHS.SHOP_PRODUCTS),
    order: post<OrderBody, CreatedOrder>(PATHS.SHOP_ORDER, BUDGETS.order),
    getOrder: get<ByOrderNo, OrderItem>(PATHS.SHOP_GET_ORDER),
    reportPaid: put<ByOrderNo, OrderItem>(PATHS.SHOP_REPORT_PAID),
    orders: get<Partial<Paging>, Page<OrderItem>>(PATHS.SHOP_ORDERS),
    licenses: get<void, LicenseItem[]>(PATHS.SHOP_LICENSES),
    releaseMachine: put<{ machine_id: number }, LicenseItem>(PATHS.SHOP_RELEASE_MACHINE),
    /** The payment provider's notice, by query string; answers the plain text `success` or `fail`, not an envelope. */
    epayNotice: get<Record<string, string>, 'success' | 'fail'>(PATHS.SHOP_EPAY_NOTICE),
    confirm: put<ByOrderNo, OrderItem>(PATHS.SHOP_CONFIRM),
    refund: put<ByOrderNo, OrderItem>(PATHS.SHOP_REFUND),
  }),
  writing: group('/api/admin/writing', {
    articles: get<Partial<Paging> & { status?: ArticleFilter; keyword?: string }, Page<WritingArticleRow>>(PATHS.WRITING_ARTICLES),
    article: get<ById, WritingArticle>(PATHS.WRITING_ARTICLE),
    createArticle: post<SaveArticleBody, WritingArticle>(PATHS.WRITING_ARTICLES),
    saveArticle: put<ById & SaveArticleBody, WritingArticle>(PATHS.WRITING_ARTICLE),
    trashArticle: put<ById>(PATHS.WRITING_TRASH_ARTICLE),
    restoreArticle: put<ById>(PATHS.WRITING_RESTORE_ARTICLE),
    destroyArticle: del<ById>(PATHS.WRITING_ARTICLE),
    /** 撤下: a live article becomes a draft again, with its unpublished edits if any. */
    withdrawArticle: put<ById, WritingArticle>(PATHS.WRITING_WITHDRAW_ARTICLE),
    /** 暂存修改: edits to a live article kept beside it, the live file untouched. */
    savePendingEdit: put<ById & SavePendingBody, WritingArticle>(PATHS.WRITING_PENDING_EDIT),
    dropPendingEdit: del<ById, WritingArticle>(PATHS.WRITING_PENDING_EDIT),
    versions: get<ById, ContentVersionRow[]>(PATHS.WRITING_VERSIONS),
    version: get<ById & { versionId: number }, ContentVersionDetail>(PATHS.WRITING_VERSION),
    restoreVersion: put<ById & { versionId: number }, WritingArticle>(PATHS.WRITING_RESTORE_VERSION),
    preview: post<{ markdown: string; id?: number }, { html: string }>(PATHS.WRITING_PREVIEW),
    /** `?use=images` or `covers`: where beside the articles the image goes. */
    image: post<ImageFile, UploadedContentImage>(PATHS.WRITING_IMAGE),
    /** The image file itself, not an envelope. */
    file: get<{ path: string }, Blob>(PATHS.WRITING_FILE),
    talks: get<{ trashed?: '0' | '1' }, WritingTalk[]>(PATHS.WRITING_TALKS),
    createTalk: post<SaveTalkBody, WritingTalk>(PATHS.WRITING_TALKS),
    saveTalk: put<ById & SaveTalkBody, WritingTalk>(PATHS.WRITING_TALK),
    trashTalk: put<ById>(PATHS.WRITING_TRASH_TALK),
    restoreTalk: put<ById>(PATHS.WRITING_RESTORE_TALK),
    destroyTalk: del<ById>(PATHS.WRITING_TALK),
    taxonomy: get<void, Taxonomies>(PATHS.WRITING_TAXONOMY),
    renameTaxonomy: put<{ kind: 'category' | 'tag'; from: string; to: string }, { changed: number }>(PATHS.WRITING_RENAME_TAXONOMY),
    publishState: get<void, PublishState>(PATHS.WRITING_PUBLISH),
    publish: post<void, PublishState>(PATHS.WRITING_PUBLISH),
  }),
  admin: group('/api/admin', {
    dashboard: get<void, Dashboard>(PATHS.ADMIN_DASHBOARD),
    comments: get<KeywordPaging & { status?: AdminCommentStatus }, Page<AdminComment>>(PATHS.ADMIN_COMMENTS),
    approveComments: put<BulkIds, number>(PATHS.ADMIN_APPROVE_COMMENTS),
    hideComments: put<BulkIds & Hidden, number>(PATHS.ADMIN_HIDE_COMMENTS),
    removeComments: put<BulkIds, number>(PATHS.ADMIN_REMOVE_COMMENTS),
    hideComment: put<ById & Hidden>(PATHS.ADMIN_HIDE_COMMENT),
    removeComment: put<ById>(PATHS.ADMIN_REMOVE_COMMENT),
    commentRules: get<void, CommentRules>(PATHS.ADMIN_COMMENT_RULES),
    setCommentRules: put<CommentRules, CommentRules>(PATHS.ADMIN_COMMENT_RULES),
    messages: get<KeywordPaging, Page<AdminMessage>>(PATHS.ADMIN_MESSAGES),
    hideMessage: put<ById & Hidden>(PATHS.ADMIN_HIDE_MESSAGE),
    removeMessage: put<ById>(PATHS.ADMIN_REMOVE_MESSAGE),
    links: get<Partial<Paging> & { status?: LinkStatusCode }, Page<LinkItem>>(PATHS.ADMIN_LINKS),
    users: get<KeywordPaging, Page<AdminUser>>(PATHS.ADMIN_USERS),
    disableUser: put<ById & { disabled: boolean; hide_writing?: boolean }, AdminUser>(PATHS.ADMIN_DISABLE_USER),
    resetLink: post<ById, ResetLink>(PATHS.ADMIN_RESET_LINK),
    setRole: put<ById & { role: RoleCode }, AdminUser>(PATHS.ADMIN_SET_ROLE),
    orders: get<Partial<Paging> & { status?: OrderStatus }, Page<AdminOrder>>(PATHS.ADMIN_ORDERS),
    payments: get<Partial<Paging> & { flagged?: '0' | '1' }, Page<AdminPayment>>(PATHS.ADMIN_PAYMENTS),
    licenses: get<{ order_no?: string; user_id?: number }, AdminLicense[]>(PATHS.ADMIN_LICENSES),
    revokeLicense: put<ByOrderNo>(PATHS.ADMIN_REVOKE_LICENSE),
    /** Answers how many machines were freed. */
    resetMachines: put<ByOrderNo, number>(PATHS.ADMIN_RESET_MACHINES),
  }),
  license: group('/api/license', {
    /** Ed25519, as PEM text. */
    publicKey: get<void, string>(PATHS.LICENSE_PUBLIC_KEY),
    activate: post<ActivateBody, Activation>(PATHS.LICENSE_ACTIVATE, BUDGETS.licensePerAddress, BUDGETS.licensePerKey),
    validate: post<LicenseCheckBody, Validation>(PATHS.LICENSE_VALIDATE, BUDGETS.licensePerAddress, BUDGETS.licensePerKey),
    deactivate: post<LicenseCheckBody, Deactivation>(PATHS.LICENSE_DEACTIVATE, BUDGETS.licensePerAddress, BUDGETS.licensePerKey),
  }),
  user: group('/api/user', {
    register: post<RegisterBody, Registered>(PATHS.USER_REGISTER, BUDGETS.register),
    login: post<LoginBody, LoginResult>(PATHS.USER_LOGIN, BUDGETS.login),
    logout: post(PATHS.USER_LOGOUT),
    info: get<void, Profile>(PATHS.USER_INFO),
    publicProfile: get<ById, PublicProfile>(PATHS.USER_PUBLIC_PROFILE),
    update: put<ProfileChanges, Profile>(PATHS.USER_UPDATE),
    forgotPassword: post<ForgotPasswordBody>(PATHS.USER_FORGOT_PASSWORD, BUDGETS.forgotPassword),
    resetPassword: post<ResetPasswordBody>(PATHS.USER_RESET_PASSWORD, BUDGETS.tokenAttempt),
    verifyEmail: post<VerifyEmailBody>(PATHS.USER_VERIFY_EMAIL, BUDGETS.tokenAttempt),
    /** The link mailed to a verified address that was replaced: it is the account's again, and every session ends. */
    undoEmailChange: post<VerifyEmailBody>(PATHS.USER_UNDO_EMAIL_CHANGE, BUDGETS.tokenAttempt),
    changePassword: put<PasswordChange>(PATHS.USER_CHANGE_PASSWORD),
  }),
  upload: group('/api/upload', {
    image: post<ImageFile, UploadedImage>(PATHS.UPLOAD_IMAGE, BUDGETS.imageUpload),
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
  playlists: music(PATHS.MUSIC_PLAYLISTS, BUDGETS.musicData),
  playlistTracks: music(PATHS.MUSIC_PLAYLIST_TRACKS, BUDGETS.musicData),
  songs: music(PATHS.MUSIC_SONGS, BUDGETS.musicData),
  songUrls: music(PATHS.MUSIC_SONG_URLS, BUDGETS.musicData),
  lyric: music(PATHS.MUSIC_LYRIC, BUDGETS.musicData),
  suggest: music(PATHS.MUSIC_SUGGEST, BUDGETS.musicData),
  search: music(PATHS.MUSIC_SEARCH, BUDGETS.musicData),
  artistSongs: music(PATHS.MUSIC_ARTIST_SONGS, BUDGETS.musicData),
  artistTopSongs: music(PATHS.MUSIC_ARTIST_TOP_SONGS, BUDGETS.musicData),
  media: music(PATHS.MUSIC_MEDIA),
  picture: music(PATHS.MUSIC_PICTURE, BUDGETS.musicPicture),
});

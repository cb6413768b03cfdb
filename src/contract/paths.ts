/**
 * Every API path, in full, once. The endpoint table (endpoints.ts) gives each its method, input,
 * answer and budgets, the server mounts the table, and the browser clients (src/client) call these
 * names: `fillPath` (lib/shared/paths.ts) puts in the `:parameters`.
 *
 * Each path is an export of its own, not a property of one object: the bundler then copies into a
 * page's scripts only the paths it calls, as if written there.
 */

// Site
export const SITE_CONFIG = '/api/config';
export const SITE_ADD_VIEW = '/api/config/addView';
export const SITE_PAGE_HEADERS = '/api/pageHeader/getAll';
export const SITE_STATISTIC = '/api/statistic';
export const SITE_CATEGORIES = '/api/category/getCategoryDictionary';
export const SITE_TAGS = '/api/tag/getTagDictionary';
export const SITE_ALBUMS = '/api/photoAlbum/getAllAlbumList';
export const SITE_ALBUM_PHOTOS = '/api/photo/getAllPhotosByAlbumId/:id';

// Articles
export const ARTICLE_HOME = '/api/article/blogHomeGetArticleList/:current/:size';
export const ARTICLE_TIMELINE = '/api/article/blogTimelineGetArticleList/:current/:size';
export const ARTICLE_BY_TAG = '/api/article/getArticleListByTagId';
export const ARTICLE_BY_CATEGORY = '/api/article/getArticleListByCategoryId';
export const ARTICLE_RELATED = '/api/article/getRecommendArticleById/:id';
export const ARTICLE_DETAIL = '/api/article/getArticleById/:id';
export const ARTICLE_VIEW = '/api/article/view/:id';
export const ARTICLE_HOT = '/api/article/getHotArticle';
export const ARTICLE_SEARCH = '/api/article/getArticleListByContent{/:keyword}';
export const ARTICLE_LIKE = '/api/article/like/:id';
export const ARTICLE_UNLIKE = '/api/article/cancelLike/:id';
export const ARTICLE_IS_LIKED = '/api/article/isLike/:id';
export const ARTICLE_ADD_READING = '/api/article/addReadingDuration/:id/:duration';

// Likes, for every kind of target
export const LIKE_IS_LIKED = '/api/like/getIsLikeByIdAndType';
export const LIKE_ADD = '/api/like/addLike';
export const LIKE_CANCEL = '/api/like/cancelLike';

// Comments
export const COMMENT_ADD = '/api/comment/add';
export const COMMENT_REPLY = '/api/comment/apply';
export const COMMENT_LIKE = '/api/comment/thumbUp/:id';
export const COMMENT_UNLIKE = '/api/comment/cancelThumbUp/:id';
export const COMMENT_REMOVE = '/api/comment/delete/:id{/:parent_id}';
export const COMMENT_ROOTS = '/api/comment/frontGetParentComment';
export const COMMENT_REPLIES = '/api/comment/frontGetChildrenComment';
export const COMMENT_TOTAL = '/api/comment/getCommentTotal';
export const COMMENT_CONFIRM_EMAIL = '/api/comment/confirmEmail';

// Notifications
export const NOTIFICATION_LIST = '/api/notify/getNotifyList';
export const NOTIFICATION_UNREAD_COUNT = '/api/notify/unreadCount';
export const NOTIFICATION_MARK_READ = '/api/notify/update/:id';
export const NOTIFICATION_REMOVE = '/api/notify/delete/:id';

// The message board
export const MESSAGE_LIST = '/api/message/getMessageList';
export const MESSAGE_GET = '/api/message/getMessageById/:id';
export const MESSAGE_HOT_TAGS = '/api/message/getHotTagList';
export const MESSAGE_ADD = '/api/message/add';
export const MESSAGE_UPDATE = '/api/message/update';
export const MESSAGE_REMOVE = '/api/message/delete';
export const MESSAGE_LIKE = '/api/message/like/:id';
export const MESSAGE_UNLIKE = '/api/message/cancelLike/:id';

// Talks
export const TALK_LIST = '/api/talk/blogGetTalkList';
export const TALK_GET = '/api/talk/getTalkById/:id';
export const TALK_LIKE = '/api/talk/like/:id';
export const TALK_UNLIKE = '/api/talk/cancelLike/:id';

// Downloads
export const LINK_LIST = '/api/links/getLinksList';
export const LINK_MINE = '/api/links/mine';
export const LINK_ADD = '/api/links/add';
export const LINK_UPDATE = '/api/links/frontUpdate';
export const LINK_APPROVE = '/api/links/approve';
export const LINK_REJECT = '/api/links/reject';

// The shop
export const SHOP_PRODUCTS = '/api/shop/products';
export const SHOP_ORDER = '/api/shop/order';
export const SHOP_GET_ORDER = '/api/shop/order/:order_no';
export const SHOP_REPORT_PAID = '/api/shop/order/:order_no/paid';
export const SHOP_ORDERS = '/api/shop/orders';
export const SHOP_LICENSES = '/api/shop/licenses';
export const SHOP_RELEASE_MACHINE = '/api/shop/machine/deactivate/:machine_id';
export const SHOP_EPAY_NOTICE = '/api/shop/notify/epay';
export const SHOP_CONFIRM = '/api/shop/admin/confirm/:order_no';
export const SHOP_REFUND = '/api/shop/admin/refund/:order_no';

// The owner's writing console
export const WRITING_ARTICLES = '/api/admin/writing/articles';
export const WRITING_ARTICLE = '/api/admin/writing/articles/:id';
export const WRITING_TRASH_ARTICLE = '/api/admin/writing/articles/:id/trash';
export const WRITING_RESTORE_ARTICLE = '/api/admin/writing/articles/:id/restore';
export const WRITING_WITHDRAW_ARTICLE = '/api/admin/writing/articles/:id/withdraw';
export const WRITING_PENDING_EDIT = '/api/admin/writing/articles/:id/pending';
export const WRITING_VERSIONS = '/api/admin/writing/articles/:id/versions';
export const WRITING_VERSION = '/api/admin/writing/articles/:id/versions/:versionId';
export const WRITING_RESTORE_VERSION = '/api/admin/writing/articles/:id/versions/:versionId/restore';
export const WRITING_PREVIEW = '/api/admin/writing/preview';
export const WRITING_IMAGE = '/api/admin/writing/images';
export const WRITING_FILE = '/api/admin/writing/files/*path';
export const WRITING_TALKS = '/api/admin/writing/talks';
export const WRITING_TALK = '/api/admin/writing/talks/:id';
export const WRITING_TRASH_TALK = '/api/admin/writing/talks/:id/trash';
export const WRITING_RESTORE_TALK = '/api/admin/writing/talks/:id/restore';
export const WRITING_TAXONOMY = '/api/admin/writing/taxonomy';
export const WRITING_RENAME_TAXONOMY = '/api/admin/writing/taxonomy/rename';
export const WRITING_PUBLISH = '/api/admin/writing/publish';

// The admin console
export const ADMIN_DASHBOARD = '/api/admin/dashboard';
export const ADMIN_COMMENTS = '/api/admin/comments';
export const ADMIN_APPROVE_COMMENTS = '/api/admin/comments/approve';
export const ADMIN_HIDE_COMMENTS = '/api/admin/comments/hidden';
export const ADMIN_REMOVE_COMMENTS = '/api/admin/comments/delete';
export const ADMIN_HIDE_COMMENT = '/api/admin/comments/:id/hidden';
export const ADMIN_REMOVE_COMMENT = '/api/admin/comments/:id/delete';
export const ADMIN_COMMENT_RULES = '/api/admin/commentRules';
export const ADMIN_MESSAGES = '/api/admin/messages';
export const ADMIN_HIDE_MESSAGE = '/api/admin/messages/:id/hidden';
export const ADMIN_REMOVE_MESSAGE = '/api/admin/messages/:id/delete';
export const ADMIN_LINKS = '/api/admin/links';
export const ADMIN_USERS = '/api/admin/users';
export const ADMIN_DISABLE_USER = '/api/admin/users/:id/disabled';
export const ADMIN_RESET_LINK = '/api/admin/users/:id/resetLink';
export const ADMIN_SET_ROLE = '/api/admin/users/:id/role';
export const ADMIN_ORDERS = '/api/admin/orders';
export const ADMIN_PAYMENTS = '/api/admin/payments';
export const ADMIN_LICENSES = '/api/admin/licenses';
export const ADMIN_REVOKE_LICENSE = '/api/admin/licenses/:order_no/revoke';
export const ADMIN_RESET_MACHINES = '/api/admin/licenses/:order_no/reset';

// Licenses, for the desktop tools
export const LICENSE_PUBLIC_KEY = '/api/license/public-key';
export const LICENSE_ACTIVATE = '/api/license/activate';
export const LICENSE_VALIDATE = '/api/license/validate';
export const LICENSE_DEACTIVATE = '/api/license/deactivate';

// Accounts
export const USER_REGISTER = '/api/user/register';
export const USER_LOGIN = '/api/user/login';
export const USER_LOGOUT = '/api/user/logout';
export const USER_INFO = '/api/user/getUserInfo';
export const USER_PUBLIC_PROFILE = '/api/user/getUserInfoById/:id';
export const USER_UPDATE = '/api/user/updateOwnUserInfo';
export const USER_FORGOT_PASSWORD = '/api/user/forgotPassword';
export const USER_RESET_PASSWORD = '/api/user/resetPassword';
export const USER_VERIFY_EMAIL = '/api/user/verifyEmail';
export const USER_UNDO_EMAIL_CHANGE = '/api/user/undoEmailChange';
export const USER_CHANGE_PASSWORD = '/api/user/updatePassword';

// Uploads
export const UPLOAD_IMAGE = '/api/upload/img';

// The music service (NeteaseCloudMusicApi's paths)
export const MUSIC_PLAYLISTS = '/wapi/toplist/detail';
export const MUSIC_PLAYLIST_TRACKS = '/wapi/playlist/track/all';
export const MUSIC_SONGS = '/wapi/song/detail';
export const MUSIC_SONG_URLS = '/wapi/song/url/v1';
export const MUSIC_LYRIC = '/wapi/lyric';
export const MUSIC_SUGGEST = '/wapi/search/suggest';
export const MUSIC_SEARCH = '/wapi/cloudsearch';
export const MUSIC_ARTIST_SONGS = '/wapi/artist/songs';
export const MUSIC_ARTIST_TOP_SONGS = '/wapi/artist/top/song';
export const MUSIC_MEDIA = '/wapi/media/:id';
export const MUSIC_PICTURE = '/wapi/picture/:id';

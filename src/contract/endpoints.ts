/**
 * The endpoint table (docs/api.md): every endpoint of /api, from its route (routes.ts, where each
 * is written once with what it takes and answers), grouped by the router that serves it, with the
 * budgets it spends; and the music service's endpoints. The server registers each route against
 * it; a test fails when a mounted route is missing here or an entry is not mounted.
 *
 * The server's alone: the browser calls by route and never loads the table.
 */
import { BUDGETS, type Budget } from './budgets.ts';
import * as PATHS from './paths.ts';
import * as ROUTES from './routes.ts';
import { splitRoute, type HttpMethod, type Route } from './routes.ts';

export type { HttpMethod };

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  /** In the order they are spent; a call over any of them is refused. */
  readonly budgets: readonly Budget[];
}

/** An endpoint of /api: its route, and its method and path as Express mounts them. */
export interface ApiEndpoint extends Endpoint {
  readonly route: Route;
}

/** Endpoints served by one router, each path under `prefix`. */
export interface EndpointGroup<E extends Record<string, Endpoint> = Record<string, Endpoint>> {
  readonly prefix: string;
  readonly endpoints: E;
}

/** A router of /api: each endpoint it serves is under its prefix (the longest that fits, for /api/admin/writing). */
export interface ApiGroup {
  readonly prefix: string;
}

const group = (prefix: string): ApiGroup => ({ prefix });

/** The routers of /api, by the prefix each is mounted at. */
export const API = {
  site: group('/api'),
  article: group('/api/article'),
  like: group('/api/like'),
  comment: group('/api/comment'),
  notification: group('/api/notify'),
  message: group('/api/message'),
  talk: group('/api/talk'),
  link: group('/api/links'),
  shop: group('/api/shop'),
  writing: group('/api/admin/writing'),
  admin: group('/api/admin'),
  license: group('/api/license'),
  user: group('/api/user'),
  upload: group('/api/upload'),
} as const;

/** Every like route spends both, so one budget covers liking whichever route a client uses. */
const LIKING = [BUDGETS.like, BUDGETS.likePerAddress];
const COMMENTING = [BUDGETS.comment, BUDGETS.commentPerAddress];
const LICENSING = [BUDGETS.licensePerAddress, BUDGETS.licensePerKey];

/** The budgets each endpoint spends, in the order spent; an endpoint not listed spends none. */
const SPENDING = new Map<Route, readonly Budget[]>([
  [ROUTES.SITE_ADD_VIEW, [BUDGETS.siteView]],
  [ROUTES.ARTICLE_DETAIL, [BUDGETS.articleDetail, BUDGETS.articleView]],
  [ROUTES.ARTICLE_VIEW, [BUDGETS.articleView]],
  [ROUTES.ARTICLE_LIKE, LIKING],
  [ROUTES.ARTICLE_UNLIKE, LIKING],
  [ROUTES.ARTICLE_ADD_READING, [BUDGETS.readingTime]],
  [ROUTES.LIKE_ADD, LIKING],
  [ROUTES.LIKE_CANCEL, LIKING],
  [ROUTES.COMMENT_ADD, COMMENTING],
  [ROUTES.COMMENT_REPLY, COMMENTING],
  [ROUTES.COMMENT_LIKE, LIKING],
  [ROUTES.COMMENT_UNLIKE, LIKING],
  [ROUTES.COMMENT_CONFIRM_EMAIL, [BUDGETS.tokenAttempt]],
  [ROUTES.MESSAGE_ADD, [BUDGETS.messageWrite]],
  [ROUTES.MESSAGE_UPDATE, [BUDGETS.messageEdit]],
  [ROUTES.MESSAGE_LIKE, LIKING],
  [ROUTES.MESSAGE_UNLIKE, LIKING],
  [ROUTES.TALK_LIKE, LIKING],
  [ROUTES.TALK_UNLIKE, LIKING],
  [ROUTES.LINK_ADD, [BUDGETS.linkApplication]],
  [ROUTES.LINK_UPDATE, [BUDGETS.linkApplication]],
  [ROUTES.SHOP_ORDER, [BUDGETS.order]],
  [ROUTES.LICENSE_ACTIVATE, LICENSING],
  [ROUTES.LICENSE_VALIDATE, LICENSING],
  [ROUTES.LICENSE_DEACTIVATE, LICENSING],
  [ROUTES.USER_REGISTER, [BUDGETS.register]],
  [ROUTES.USER_LOGIN, [BUDGETS.login]],
  [ROUTES.USER_FORGOT_PASSWORD, [BUDGETS.forgotPassword]],
  [ROUTES.USER_RESET_PASSWORD, [BUDGETS.tokenAttempt]],
  [ROUTES.USER_VERIFY_EMAIL, [BUDGETS.tokenAttempt]],
  [ROUTES.USER_UNDO_EMAIL_CHANGE, [BUDGETS.tokenAttempt]],
  [ROUTES.UPLOAD_IMAGE, [BUDGETS.imageUpload]],
]);

/** Every endpoint of /api: each route of routes.ts (by name, as a module lists its exports). */
export const ENDPOINTS: readonly ApiEndpoint[] = Object.values<unknown>(ROUTES)
  .filter((value): value is Route => typeof value === 'string')
  .map((route) => ({ route, ...splitRoute(route), budgets: SPENDING.get(route) ?? [] }));

const BY_ROUTE = new Map(ENDPOINTS.map((endpoint) => [endpoint.route, endpoint]));

/** The table's entry of a route. */
export function endpointOf(route: Route): ApiEndpoint {
  const endpoint = BY_ROUTE.get(route);
  if (!endpoint) throw new Error(`${route} 不在 routes.ts 里`);
  return endpoint;
}

/**
 * The music service (docs/api.md §8), served beside the API: NeteaseCloudMusicApi's paths and
 * answers (`{code: 200, …}`), not the envelope. A data endpoint's path under the prefix is also
 * where an upstream server answers it (src/server/music/upstream.ts); `media` and `picture` are the
 * local library's files.
 */
const music = (path: string, ...budgets: Budget[]): Endpoint => ({ method: 'GET', path, budgets });
const musicGroup = <E extends Record<string, Endpoint>>(prefix: string, endpoints: E): EndpointGroup<E> => ({
  prefix,
  endpoints,
});
export const MUSIC_API = musicGroup('/wapi', {
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

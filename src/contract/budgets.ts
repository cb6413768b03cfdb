/**
 * The API's budgets (docs/api.md §7.1, §7.2): how many calls of a kind are answered in a window before
 * a 429 with Retry-After and the budget's message. The endpoint table (endpoints.ts) says which
 * endpoints spend which budget; endpoints that name the same budget share one count.
 */
import {
  COMMENTS_PER_MINUTE,
  COUNTED_PER_MINUTE,
  FORGOT_PASSWORD_PER_HOUR,
  LICENSE_CALLS_PER_MINUTE_PER_IP,
  LICENSE_CALLS_PER_MINUTE_PER_KEY,
  LIKES_PER_MINUTE,
  LINK_APPLICATIONS_PER_HOUR,
  MESSAGES_PER_MINUTE,
  MUSIC_CALLS_PER_MINUTE,
  ORDERS_PER_MINUTE,
  TOKEN_ATTEMPTS_PER_15_MINUTES,
} from './limits.ts';

/**
 * Whose calls count together:
 * - an `address`: the client's address, IPv6 by its /64 (one home network is one address);
 * - a `reader`: the account when logged in, else the browser's device cookie, else the address;
 * - a `signedOutAddress`: the address, for calls without an account: it caps a script that sends
 *   no cookie (a new device on every call) or makes up a new one each time, and never holds back
 *   the readers with accounts behind a carrier's shared address;
 * - the `licenseKey` a call names.
 */
export type BudgetHolder = 'address' | 'reader' | 'signedOutAddress' | 'licenseKey';

export interface Budget {
  max: number;
  windowMs: number;
  per: BudgetHolder;
  /** The 429's message; for a budget whose excess goes uncounted, what the README and docs call it. */
  message: string;
  /** Names the count where two budgets would otherwise read alike (the same rule and message). */
  name?: string;
  /**
   * What happens past `max`: the call is `refused` (429, the default), or answered as usual with its
   * count left `uncounted`: a reader is never shown an error for being counted.
   */
  excess?: 'refused' | 'uncounted';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TOO_OFTEN = '操作太频繁，请稍后再试';
const TOO_OFTEN_MUSIC = '请求太频繁，请稍后再试';

export const BUDGETS = {
  /** The music service's data: generous for a reader paging through playlists, a wall for anyone using an upstream through us. */
  musicData: {
    max: MUSIC_CALLS_PER_MINUTE,
    windowMs: MINUTE,
    per: 'address',
    message: TOO_OFTEN_MUSIC,
    name: 'wapi-data',
  },
  /** Covers: a playlist page shows one a song, and browsers keep each for a year. */
  musicPicture: {
    max: MUSIC_CALLS_PER_MINUTE,
    windowMs: MINUTE,
    per: 'address',
    message: TOO_OFTEN_MUSIC,
    name: 'wapi-picture',
  },
  /** Counting: a campus or a carrier's address holds hundreds of readers, each counted, and a script past this is answered but not counted. */
  siteView: {
    max: COUNTED_PER_MINUTE,
    windowMs: MINUTE,
    per: 'address',
    message: '全站浏览计数',
    name: 'site-view',
    excess: 'uncounted',
  },
  articleView: {
    max: COUNTED_PER_MINUTE,
    windowMs: MINUTE,
    per: 'address',
    message: '文章浏览计数',
    name: 'article-view',
    excess: 'uncounted',
  },
  readingTime: {
    max: COUNTED_PER_MINUTE,
    windowMs: MINUTE,
    per: 'address',
    message: '阅读时长计数',
    name: 'reading-time',
    excess: 'uncounted',
  },
  /** The full article for the original front end; its view counts under `articleView`. */
  articleDetail: {
    max: COUNTED_PER_MINUTE,
    windowMs: MINUTE,
    per: 'address',
    message: TOO_OFTEN,
    name: 'article-detail',
  },
  /** One budget for liking, whichever route a client uses (each domain's own or the generic ones). */
  like: {
    max: LIKES_PER_MINUTE,
    windowMs: MINUTE,
    per: 'reader',
    message: `点赞太频繁了，每分钟最多 ${LIKES_PER_MINUTE} 次，请稍后再试`,
  },
  likePerAddress: {
    max: LIKES_PER_MINUTE,
    windowMs: MINUTE,
    per: 'signedOutAddress',
    message: `这个网络的点赞太频繁了，每分钟最多 ${LIKES_PER_MINUTE} 次，请稍后再试`,
    name: 'like-address',
  },
  /** Comments and replies together. */
  comment: {
    max: COMMENTS_PER_MINUTE,
    windowMs: MINUTE,
    per: 'reader',
    message: `评论太频繁了，每分钟最多 ${COMMENTS_PER_MINUTE} 条，请稍后再试`,
  },
  commentPerAddress: {
    max: COMMENTS_PER_MINUTE,
    windowMs: MINUTE,
    per: 'signedOutAddress',
    message: `这个网络的评论太频繁了，每分钟最多 ${COMMENTS_PER_MINUTE} 条，请稍后再试`,
    name: 'comment-address',
  },
  messageWrite: {
    max: MESSAGES_PER_MINUTE,
    windowMs: MINUTE,
    per: 'reader',
    message: `留言太频繁了，每分钟最多发布 ${MESSAGES_PER_MINUTE} 条，请稍后再试`,
  },
  messageEdit: {
    max: MESSAGES_PER_MINUTE,
    windowMs: MINUTE,
    per: 'reader',
    message: `修改太频繁了，每分钟最多修改 ${MESSAGES_PER_MINUTE} 次，请稍后再试`,
  },
  linkApplication: {
    max: LINK_APPLICATIONS_PER_HOUR,
    windowMs: HOUR,
    per: 'reader',
    message: `提交太频繁了，每小时最多提交 ${LINK_APPLICATIONS_PER_HOUR} 次申请`,
  },
  order: {
    max: ORDERS_PER_MINUTE,
    windowMs: MINUTE,
    per: 'reader',
    message: `下单太频繁了，每分钟最多 ${ORDERS_PER_MINUTE} 次，请稍后再试`,
  },
  licensePerAddress: {
    max: LICENSE_CALLS_PER_MINUTE_PER_IP,
    windowMs: MINUTE,
    per: 'address',
    message: `授权接口调用太频繁了，每个地址每分钟最多 ${LICENSE_CALLS_PER_MINUTE_PER_IP} 次`,
  },
  licensePerKey: {
    max: LICENSE_CALLS_PER_MINUTE_PER_KEY,
    windowMs: MINUTE,
    per: 'licenseKey',
    message: `这个授权码的调用太频繁了，每分钟最多 ${LICENSE_CALLS_PER_MINUTE_PER_KEY} 次`,
  },
  register: { max: 5, windowMs: HOUR, per: 'address', message: '注册太频繁，请一小时后再试' },
  login: { max: 30, windowMs: 15 * MINUTE, per: 'address', message: '登录太频繁，请 15 分钟后再试' },
  forgotPassword: {
    max: FORGOT_PASSWORD_PER_HOUR,
    windowMs: HOUR,
    per: 'address',
    message: '申请太频繁了，请一小时后再试',
  },
  /** `resetPassword` and `verifyEmail` together. */
  tokenAttempt: {
    max: TOKEN_ATTEMPTS_PER_15_MINUTES,
    windowMs: 15 * MINUTE,
    per: 'address',
    message: '尝试太频繁了，请 15 分钟后再试',
  },
  imageUpload: { max: 30, windowMs: HOUR, per: 'address', message: '上传太频繁，请稍后再试' },
} as const satisfies Record<string, Budget>;

/**
 * The export folder's layout and the rows of its JSON files: written by exportSite.ts and read back
 * by src/server/import/sources/exported.ts, so an owner's data can leave the site and come back
 * (or go to another copy of it) without either side guessing at the other's shape. A change here
 * that an older export could not satisfy needs a new `EXPORT_VERSION`.
 */
import type { COMMENT_TARGETS, CommentTargetCode } from '../../contract/comments.ts';
import type { SiteConfig } from '../../site.config.ts';

export const EXPORT_FORMAT = 'mengblog-export';
export const EXPORT_VERSION = 1;

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  version: number;
  /** ISO 8601: the one thing that differs between two exports of the same site. */
  exportedAt: string;
}

/** Names inside the export folder. */
export const EXPORT_PARTS = {
  manifest: 'manifest.json',
  articles: 'articles',
  talks: 'talks',
  /** `trash/articles`, `trash/talks`: the recycle bin (`CONTENT_DIR/.trash/<kind>`). */
  trash: 'trash',
  redirects: 'redirects.yaml',
  uploads: 'uploads',
  data: 'data',
} as const;

export const DATA_FILES = {
  users: 'users.json',
  comments: 'comments.json',
  messages: 'messages.json',
  likes: 'likes.json',
  links: 'links.json',
  stats: 'stats.json',
  site: 'site.json',
} as const;

export type Role = 'admin' | 'user';
export type CommentTarget = (typeof COMMENT_TARGETS)[CommentTargetCode];
export type LikeTarget = CommentTarget | 'comment';
export type LinkStatus = 'pending' | 'approved' | 'rejected';

export interface ExportedUser {
  id: number;
  username: string;
  nick_name: string;
  avatar: string;
  role: Role;
  /** A disabled account (停用): kept so it is not brought back to life. */
  disabled: boolean;
  /** Only a verified address: an unverified one may not even be the user's. */
  email?: string;
  /** Only with `--with-passwords`: `scrypt$…`, or an original blog's bcrypt not yet replaced. */
  password_hash?: string;
  created_at: string;
}

export interface ExportedComment {
  id: number;
  type: CommentTarget;
  for_id: number;
  parent_id: number | null;
  user_id: number | null;
  to_user_id: number | null;
  /** A reply to a guest: the guest's name, and the comment answered. */
  to_guest_name: string | null;
  to_comment_id: number | null;
  guest_name: string | null;
  guest_site: string | null;
  content: string;
  likes: number;
  hidden: boolean;
  held: boolean;
  ip_location: string;
  created_at: string;
}

export interface ExportedMessage {
  id: number;
  user_id: number;
  message: string;
  color: string;
  font_size: string;
  font_weight: string;
  bg_color: string;
  bg_url: string;
  tag: string;
  likes: number;
  hidden: boolean;
  ip_location: string;
  created_at: string;
}

/** A signed-in user's like. A guest's (a device's) is no person's: only the counts keep it. */
export interface ExportedLike {
  type: LikeTarget;
  target_id: number;
  user_id: number;
  created_at: string;
}

export interface ExportedLink {
  id: number;
  user_id: number;
  site_name: string;
  site_desc: string;
  site_avatar: string;
  url: string;
  status: LinkStatus;
  created_at: string;
}

export interface ExportedStats {
  articles: { id: number; views: number; likes: number; reading_ms: number }[];
  talks: { id: number; likes: number }[];
  site: { views: number };
}

/** The owner's fields of `site` (src/site.config.ts), under its own names. */
export type ExportedSite = Pick<
  SiteConfig,
  'title' | 'shortName' | 'author' | 'avatar' | 'personalSay' | 'notice' | 'social' | 'avatarBackground'
> & { payment: Pick<SiteConfig['payment'], 'weChatQr' | 'aliPayQr'> };

/** What an export never holds, for the summary and the CLI: none of it is the owner's writing or readers' words. */
export const NEVER_EXPORTED = [
  '登录会话',
  '账号令牌（重置密码、验证邮箱的链接）',
  '常用登录地点',
  '订单、授权码、激活的机器和付款记录',
  '操作日志',
  '限流与登录失败记录',
  '通知',
  '文章的历史版本与暂存修改',
  '访客评论留下的邮箱',
  '未验证的邮箱',
  '访客（未登录读者）的点赞明细（点赞数保留在统计里）',
] as const;

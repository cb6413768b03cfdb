/**
 * The export folder's layout and the rows of its JSON files: written by exportSite.ts and read back
 * by src/server/import/sources/exported.ts, so an owner's data can leave the site and come back
 * (or go to another copy of it) without either side guessing at the other's shape: the reader checks
 * every row against these schemas, so a hand-edited file fails with where it is wrong. A change here
 * that an older export could not satisfy needs a new `EXPORT_VERSION`.
 */
import { z } from 'zod';
import { COMMENT_TARGETS } from '../../contract/comments.ts';
import type { LINK_STATUS } from '../../contract/links.ts';
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

const id = z.number().int();
/** An instant, ISO 8601. */
const instant = z.string();

const commentTarget = z.enum(COMMENT_TARGETS);
export type CommentTarget = z.infer<typeof commentTarget>;
export type LikeTarget = CommentTarget | 'comment';

export const exportedUser = z.object({
  id,
  username: z.string(),
  nick_name: z.string(),
  avatar: z.string(),
  role: z.enum(['admin', 'user']),
  /** A disabled account (停用): kept so it is not brought back to life. */
  disabled: z.boolean(),
  /** Only a verified address: an unverified one may not even be the user's. */
  email: z.string().optional(),
  /** Only with `--with-passwords`: `scrypt$…`, or an original blog's bcrypt not yet replaced. */
  password_hash: z.string().optional(),
  created_at: instant,
});
export type ExportedUser = z.infer<typeof exportedUser>;

export const exportedComment = z.object({
  id,
  type: commentTarget,
  for_id: id,
  parent_id: id.nullable(),
  user_id: id.nullable(),
  to_user_id: id.nullable(),
  /** A reply to a guest: the guest's name, and the comment answered. */
  to_guest_name: z.string().nullable(),
  to_comment_id: id.nullable(),
  guest_name: z.string().nullable(),
  guest_site: z.string().nullable(),
  content: z.string(),
  likes: z.number(),
  hidden: z.boolean(),
  held: z.boolean(),
  ip_location: z.string(),
  created_at: instant,
});
export type ExportedComment = z.infer<typeof exportedComment>;

export const exportedMessage = z.object({
  id,
  user_id: id,
  message: z.string(),
  color: z.string(),
  font_size: z.string(),
  font_weight: z.string(),
  bg_color: z.string(),
  bg_url: z.string(),
  tag: z.string(),
  likes: z.number(),
  hidden: z.boolean(),
  ip_location: z.string(),
  created_at: instant,
});
export type ExportedMessage = z.infer<typeof exportedMessage>;

/** A signed-in user's like. A guest's (a device's) is no person's: only the counts keep it. */
export const exportedLike = z.object({
  type: z.union([commentTarget, z.literal('comment')]),
  target_id: id,
  user_id: id,
  created_at: instant,
});
export type ExportedLike = z.infer<typeof exportedLike>;

/** A link's status by the name LINK_STATUS gives it, not its code. */
const linkStatus = z.enum(['pending', 'approved', 'rejected'] as const satisfies readonly (keyof typeof LINK_STATUS)[]);
export type LinkStatus = z.infer<typeof linkStatus>;

export const exportedLink = z.object({
  id,
  user_id: id,
  site_name: z.string(),
  site_desc: z.string(),
  site_avatar: z.string(),
  url: z.string(),
  status: linkStatus,
  created_at: instant,
});
export type ExportedLink = z.infer<typeof exportedLink>;

export const exportedStats = z.object({
  articles: z.array(z.object({ id, views: z.number(), likes: z.number(), reading_ms: z.number() })),
  talks: z.array(z.object({ id, likes: z.number() })),
  site: z.object({ views: z.number() }),
});
export type ExportedStats = z.infer<typeof exportedStats>;

/** The owner's fields of `site` (src/site.config.ts), under its own names. */
export type ExportedSite = Pick<
  SiteConfig,
  'title' | 'shortName' | 'author' | 'avatar' | 'personalSay' | 'notice' | 'social' | 'avatarBackground'
> & { payment: Pick<SiteConfig['payment'], 'weChatQr' | 'aliPayQr'> };

export const exportedSite: z.ZodType<ExportedSite> = z.object({
  title: z.string(),
  shortName: z.string(),
  author: z.string(),
  avatar: z.string(),
  personalSay: z.string(),
  notice: z.string(),
  social: z.object({
    github: z.string(),
    gitee: z.string(),
    bilibili: z.string(),
    qq: z.string(),
    weChat: z.string(),
    qqGroup: z.string(),
    weChatGroup: z.string(),
  }),
  avatarBackground: z.string(),
  payment: z.object({ weChatQr: z.string(), aliPayQr: z.string() }),
});

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

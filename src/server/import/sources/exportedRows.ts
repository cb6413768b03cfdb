/**
 * The rows of our own export (data/*.json) read back into a Bundle: accounts, download entries,
 * board posts, comments, likes and the site's settings. Keys are `export:<kind>:<id>` of the
 * exporting site. Guest addresses are never exported, so a guest comes back by name and site alone.
 */
import type {
  ExportedComment,
  ExportedLike,
  ExportedLink,
  ExportedMessage,
  ExportedSite,
  ExportedStats,
  ExportedUser,
} from '../../export/format.ts';
import type { Bundle, ImportedAuthor } from '../bundle.ts';
import { isImportedHash } from '../../users/password.ts';

export const exportKey = (kind: string, id: number | string) => `export:${kind}:${id}`;
const key = exportKey;

const dateOf = (value: string, where: string): Date => {
  const date = new Date(value);
  if (Number.isNaN(+date)) throw new Error(`${where} 的时间 ${String(value)} 无法识别`);
  return date;
};

const checkable = (hash: string) => hash.startsWith('scrypt$') || isImportedHash(hash);

export function readPeople(bundle: Bundle, users: ExportedUser[], links: ExportedLink[]): void {
  for (const user of users) {
    const where = `data/users.json（id ${user.id}）`;
    const hash = user.password_hash && checkable(user.password_hash) ? user.password_hash : null;
    if (user.password_hash && !hash)
      bundle.leftBehind.push({ where, reason: `用户 ${user.username} 的密码哈希格式无法识别，导入后需要重设密码` });
    bundle.users.push({
      key: key('user', user.id),
      username: user.username,
      nickName: user.nick_name,
      avatar: user.avatar,
      role: user.role === 'admin' ? 'admin' : 'user',
      passwordHash: hash,
      // Only proven addresses are exported.
      ...(user.email ? { email: user.email, emailVerified: true } : {}),
      disabled: user.disabled,
      createdAt: dateOf(user.created_at, where),
    });
  }
  for (const link of links) {
    const where = `data/links.json（id ${link.id}）`;
    bundle.links.push({
      key: key('link', link.id),
      userKey: key('user', link.user_id),
      siteName: link.site_name,
      siteDesc: link.site_desc,
      siteAvatar: link.site_avatar,
      url: link.url,
      status: link.status,
      createdAt: dateOf(link.created_at, where),
    });
  }
}

export function readWords(
  bundle: Bundle,
  comments: ExportedComment[],
  messages: ExportedMessage[],
  likes: ExportedLike[],
) {
  for (const message of messages) {
    const where = `data/messages.json（id ${message.id}）`;
    bundle.messages.push({
      key: key('message', message.id),
      author: { userKey: key('user', message.user_id) },
      message: message.message,
      color: message.color,
      fontSize: message.font_size,
      fontWeight: message.font_weight,
      bgColor: message.bg_color,
      bgUrl: message.bg_url,
      tag: message.tag,
      likes: message.likes,
      hidden: message.hidden,
      ipLocation: message.ip_location,
      createdAt: dateOf(message.created_at, where),
    });
  }
  for (const comment of comments) {
    const where = `data/comments.json（id ${comment.id}）`;
    // Guest addresses are never exported: a guest comes back by name and site alone.
    const author: ImportedAuthor = comment.user_id
      ? { userKey: key('user', comment.user_id) }
      : { guestName: comment.guest_name ?? '', ...(comment.guest_site ? { guestSite: comment.guest_site } : {}) };
    bundle.comments.push({
      key: key('comment', comment.id),
      target: { kind: comment.type, key: key(comment.type, comment.for_id) },
      ...(comment.parent_id ? { parentKey: key('comment', comment.parent_id) } : {}),
      author,
      ...(comment.to_user_id ? { toUserKey: key('user', comment.to_user_id) } : {}),
      ...(comment.to_guest_name === null
        ? {}
        : {
            toGuest: {
              name: comment.to_guest_name,
              ...(comment.to_comment_id ? { commentKey: key('comment', comment.to_comment_id) } : {}),
            },
          }),
      content: comment.content,
      likes: comment.likes,
      hidden: comment.hidden,
      held: comment.held,
      ipLocation: comment.ip_location,
      createdAt: dateOf(comment.created_at, where),
    });
  }
  for (const like of likes)
    bundle.likes.push({
      key: key('like', `${like.type}:${like.target_id}:${like.user_id}`),
      target: { kind: like.type, key: key(like.type, like.target_id) },
      userKey: key('user', like.user_id),
      createdAt: dateOf(like.created_at, `data/likes.json（${like.type} ${like.target_id}）`),
    });
}

export function readSite(bundle: Bundle, site: ExportedSite, stats: ExportedStats): void {
  bundle.site = {
    name: site.title,
    avatar: site.avatar,
    notice: site.notice,
    motto: site.personalSay,
    links: {
      github: site.social.github,
      gitee: site.social.gitee,
      bilibili: site.social.bilibili,
      qq: site.social.qq,
      wechat: site.social.weChat,
      qqGroup: site.social.qqGroup,
      wechatGroup: site.social.weChatGroup,
    },
    wechatPay: site.payment.weChatQr,
    aliPay: site.payment.aliPayQr,
    views: stats.site.views,
  };
}

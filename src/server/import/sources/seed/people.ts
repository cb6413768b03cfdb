/**
 * What the original's readers made: accounts, comments, likes, board messages and friend links.
 * Each points at an account or at a thing by the original's ids; here those become keys, and what
 * points at something that is not coming over is left behind with a line saying so.
 */
import type {
  ImportedAuthor,
  ImportedComment,
  ImportedLike,
  ImportedLink,
  ImportedMessage,
  ImportedUser,
  LeftBehind,
} from '../../bundle.ts';
import { cssColor } from '../../../../lib/shared/cssColor.ts';
import {
  colorProblem,
  fontSizeCss,
  fontSizeProblem,
  fontWeightProblem,
  tagProblem,
} from '../../../../lib/shared/messageRules.ts';
import { htmlToText } from './htmlText.ts';
import { createdOf, int, leftBehindRow, reference, text, type Row } from './rows.ts';
import { isImportedHash } from '../../../users/password.ts';
import { COMMENT_TARGETS } from '../../../../contract/comments.ts';
import { LIKE_TYPES } from '../../../../contract/likes.ts';

export const userKey = (id: unknown) => `seed:user:${String(id)}`;
export const messageKey = (id: unknown) => `seed:message:${String(id)}`;
export const commentKey = (id: unknown) => `seed:comment:${String(id)}`;

/** The name a guest is shown under when the original kept none. */
const NAMELESS_GUEST = '游客';

export function readUsers(rows: Row[], leftBehind: LeftBehind[]): ImportedUser[] {
  const users: ImportedUser[] = [];
  for (const row of rows) {
    const username = text(row.username).trim();
    if (!username) {
      leftBehind.push(leftBehindRow('blog_user', row, '账号没有用户名，未导入'));
      continue;
    }
    const password = text(row.password).trim();
    users.push({
      key: userKey(int(row.id)),
      username,
      nickName: text(row.nick_name).trim() || username,
      avatar: text(row.avatar).trim(),
      role: int(row.role, 2) === 1 ? 'admin' : 'user',
      // A bcryptjs hash as the original stores it; anything else could not be checked at login.
      passwordHash: isImportedHash(password) ? password : null,
      createdAt: createdOf(row),
    });
  }
  return users;
}

/** The keys of what came over, to tell which references still point at something. */
export interface Imported {
  users: Set<string>;
  articles: Set<string>;
  talks: Set<string>;
  messages: Set<string>;
  comments: Set<string>;
}

const userOf = (users: Set<string>, id: unknown): string | undefined => {
  const user = reference(id);
  return user !== null && users.has(userKey(user)) ? userKey(user) : undefined;
};

function author(users: Set<string>, userId: unknown, guestName: unknown): ImportedAuthor {
  const user = userOf(users, userId);
  return user ? { userKey: user } : { guestName: text(guestName).trim() || NAMELESS_GUEST };
}

// The original's codes are ours: comments 1–3, likes 1–4.
const TARGET_KINDS = LIKE_TYPES;
type TargetKind = (typeof TARGET_KINDS)[keyof typeof TARGET_KINDS];
const KIND_NAMES: Record<TargetKind, string> = { article: '文章', talk: '说说', message: '留言', comment: '评论' };

type Target<Kind extends TargetKind> = { kind: Kind; key: string };

/** The thing a comment or like is for, or why it cannot be told or is not coming over. */
function target<Kind extends TargetKind>(
  row: Row,
  kinds: Partial<Record<number, Kind>>,
  present: (kind: Kind, key: string) => boolean,
): Target<Kind> | { problem: string } {
  const code = int(row.type);
  const kind = kinds[code];
  if (!kind) return { problem: `类型码 ${code} 无法识别` };
  const key = `seed:${kind}:${reference(row.for_id) ?? 0}`;
  return present(kind, key) ? { kind, key } : { problem: `所属的${KIND_NAMES[kind]}不存在或未导入` };
}

/**
 * The top-level comment a reply belongs to: ours are two levels, the original's any depth. A reply
 * whose chain breaks (a deleted parent) or loops becomes top-level itself.
 */
function rootOf(row: Row, byId: Map<number, Row>): number | null {
  let parent = reference(row.parent_id);
  if (parent === null) return null;
  const seen = new Set([int(row.id)]);
  for (;;) {
    const above = byId.get(parent);
    if (!above || seen.has(parent)) return null;
    seen.add(parent);
    const next = reference(above.parent_id);
    if (next === null) return parent;
    parent = next;
  }
}

export function readComments(
  rows: Row[],
  imported: Omit<Imported, 'comments'>,
  leftBehind: LeftBehind[],
): ImportedComment[] {
  const present = (kind: ImportedComment['target']['kind'], key: string) => imported[`${kind}s`].has(key);
  const kept = new Map<number, ImportedComment>();
  for (const row of rows) {
    const to = target(row, COMMENT_TARGETS, present);
    if ('problem' in to) {
      leftBehind.push(leftBehindRow('blog_comment', row, `${to.problem}（for_id ${text(row.for_id)}），评论未导入`));
      continue;
    }
    const content = htmlToText(text(row.content));
    if (!content) {
      leftBehind.push(leftBehindRow('blog_comment', row, '评论内容转成文字后为空，未导入'));
      continue;
    }
    const toUser = userOf(imported.users, row.to_id);
    kept.set(int(row.id), {
      key: commentKey(int(row.id)),
      target: to,
      author: author(imported.users, row.from_id, row.from_name),
      ...(toUser ? { toUserKey: toUser } : {}),
      content,
      likes: Math.max(0, int(row.thumbs_up)),
      hidden: false,
      createdAt: createdOf(row),
    });
  }
  const byId = new Map(rows.map((row) => [int(row.id), row]));
  for (const row of rows) {
    const comment = kept.get(int(row.id));
    const root = rootOf(row, byId);
    // A root that did not come over, or that is about something else, leaves the reply on its own.
    const parent = root === null ? undefined : kept.get(root);
    if (comment && parent && parent.target.key === comment.target.key) comment.parentKey = parent.key;
  }
  return [...kept.values()];
}

/** Likes that cannot come over, counted: one line per reason, not one per like. */
export function readLikes(rows: Row[], imported: Imported, leftBehind: LeftBehind[]): ImportedLike[] {
  const present = (kind: TargetKind, key: string) => imported[`${kind}s`].has(key);
  const likes: ImportedLike[] = [];
  const dropped = new Map<string, number>();
  for (const row of rows) {
    const to = target(row, TARGET_KINDS, present);
    if ('problem' in to) {
      dropped.set(to.problem, (dropped.get(to.problem) ?? 0) + 1);
      continue;
    }
    likes.push({
      key: `seed:like:${int(row.id)}`,
      target: to,
      userKey: userOf(imported.users, row.user_id) ?? null,
      createdAt: createdOf(row),
    });
  }
  for (const [reason, count] of dropped)
    leftBehind.push({ where: `blog_like（${count} 行）`, reason: `${reason}，点赞未导入` });
  return likes;
}

/**
 * A board message's look as our board accepts it (the message rules of src/lib/shared): a colour
 * the original's picker wrote as `hsv()` becomes the `rgb()` it means, a font size in pixels
 * becomes `"16px"`, and a value ours would refuse falls back to the default look, reported.
 */
function look(row: Row, leftBehind: LeftBehind[]) {
  const checked = (label: string, value: string, problem: (value: string) => string | null, accepted = value) => {
    const why = problem(value);
    if (!why) return accepted;
    leftBehind.push(leftBehindRow('blog_message', row, `${label}「${value}」不符合本站规则（${why}），改用默认样式`));
    return '';
  };
  const color = (label: string, value: string) =>
    checked(label, value, colorProblem(label), value ? (cssColor(value) ?? '') : '');
  const fontSize = row.font_size === null || row.font_size === undefined ? '' : fontSizeCss(text(row.font_size));
  return {
    color: color('文字颜色', text(row.color).trim()),
    fontSize: checked('字号', fontSize, fontSizeProblem),
    fontWeight: checked('字重', text(row.font_weight).trim().toLowerCase(), fontWeightProblem),
    bgColor: color('背景颜色', text(row.bg_color).trim()),
    tag: checked('标签', text(row.tag).trim(), tagProblem),
  };
}

export function readMessages(rows: Row[], users: Set<string>, leftBehind: LeftBehind[]): ImportedMessage[] {
  const messages: ImportedMessage[] = [];
  for (const row of rows) {
    const message = text(row.message).trim();
    if (!message) {
      leftBehind.push(leftBehindRow('blog_message', row, '留言内容为空，未导入'));
      continue;
    }
    messages.push({
      key: messageKey(int(row.id)),
      author: author(users, row.user_id, row.nick_name),
      message,
      ...look(row, leftBehind),
      bgUrl: text(row.bg_url).trim(),
      likes: Math.max(0, int(row.like_times)),
      createdAt: createdOf(row),
    });
  }
  return messages;
}

/** The account a friend link's `user_id` (a varchar) names: by id, as the original writes it, or by username. */
function linkOwner(value: unknown, users: ImportedUser[]): string | undefined {
  const written = text(value).trim();
  const byId = /^\d+$/.test(written) ? userKey(Number(written)) : null;
  return (users.find((user) => user.key === byId) ?? users.find((user) => user.username === written))?.key;
}

export function readLinks(rows: Row[], users: ImportedUser[], leftBehind: LeftBehind[]): ImportedLink[] {
  const links: ImportedLink[] = [];
  for (const row of rows) {
    const owner = linkOwner(row.user_id, users);
    if (!owner) {
      const written = text(row.user_id).trim();
      leftBehind.push(
        leftBehindRow(
          'blog_links',
          row,
          `友链「${text(row.site_name).trim()}」的 user_id「${written}」不是任何导入的账号，而本站的友链需要一个账号作为主人，未导入`,
        ),
      );
      continue;
    }
    links.push({
      key: `seed:link:${int(row.id)}`,
      userKey: owner,
      siteName: text(row.site_name).trim(),
      siteDesc: text(row.site_desc).trim(),
      siteAvatar: text(row.site_avatar).trim(),
      url: text(row.url).trim(),
      status: int(row.status, 1) === 2 ? 'approved' : 'pending',
      createdAt: createdOf(row),
    });
  }
  return links;
}

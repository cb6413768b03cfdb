/**
 * What an import will do, decided before anything is written: the dry run prints this plan, and
 * `--apply` carries out exactly this plan. Pure: the site as it is now comes in as `SiteNow`.
 *
 * - Anything an earlier import brought over (its key is known) is left alone: never doubled.
 * - An article or talk keeps its id when it is free here; a taken id gives way to the next free one.
 * - A username taken here: the two owners (admins) are one person and merge; anyone else is
 *   renamed, so an old account never logs into someone else's.
 * - What refers to something neither imported nor known (a comment on an article left out) stays
 *   behind, with the reason.
 */
import type {
  Bundle,
  ImageRef,
  ImportedArticle,
  ImportedComment,
  ImportedLike,
  ImportedLink,
  ImportedMessage,
  ImportedTalk,
  ImportedUser,
  LeftBehind,
} from './bundle.ts';
import { linkUrlProblem } from '../../lib/shared/linkRules.ts';

export interface SiteNow {
  /** Articles here, live or in the recycle bin: id → title. */
  articles: Map<number, string>;
  talks: Set<number>;
  /** Accounts by lower-case username. */
  users: Map<string, { id: number; admin: boolean }>;
  /** Keys earlier imports brought over, with the id each was given. */
  known: Map<string, number>;
}

export interface Numbered<T> {
  item: T;
  /** The id it gets here. */
  id: number;
}

export interface PlannedUser {
  item: ImportedUser;
  username: string;
  /** An account here that this one is (the owner): nothing is created. */
  mergeInto?: number;
}

export interface Plan {
  source: string;
  /** Names the source's site for its settings and total views, which come once (Bundle.siteKey). */
  siteKey: string;
  articles: Numbered<ImportedArticle>[];
  talks: Numbered<ImportedTalk>[];
  users: PlannedUser[];
  messages: ImportedMessage[];
  /** Top-level comments first, so a reply finds its root. */
  comments: ImportedComment[];
  likes: ImportedLike[];
  links: ImportedLink[];
  site: Bundle['site'];
  uploads: Bundle['uploads'];
  /** Things an earlier import brought over, by kind: skipped. */
  already: Record<Kind, number>;
  /** Likes of guests: not rows of their own, they are in the counts brought over. */
  guestLikes: number;
  /** How each clash with what is here will be resolved, one line each. */
  conflicts: string[];
  leftBehind: LeftBehind[];
  images: { files: number; urls: number; unknown: number };
}

export type Kind = 'articles' | 'talks' | 'users' | 'messages' | 'comments' | 'likes' | 'links';

/** The key under which the site's own settings and total views are remembered, once per source. */
export const siteKeyOf = (source: string) => `site:${source}`;

export function planImport(bundle: Bundle, now: SiteNow): Plan {
  const already: Record<Kind, number> = {
    articles: 0,
    talks: 0,
    users: 0,
    messages: 0,
    comments: 0,
    likes: 0,
    links: 0,
  };
  const conflicts: string[] = [];
  const leftBehind: LeftBehind[] = [...bundle.leftBehind];
  const fresh = <T extends { key: string }>(kind: Kind, items: T[]) =>
    items.filter((item) => {
      if (!now.known.has(item.key)) return true;
      already[kind]++;
      return false;
    });

  const articles = numbered(fresh('articles', bundle.articles), new Set(now.articles.keys()), (item, taken, id) =>
    conflicts.push(
      `文章「${item.title}」的 id ${taken} 已被本站的「${now.articles.get(taken) ?? '另一篇导入的文章'}」占用，改用 id ${id}` +
        `（旧链接 /article?id=${taken} 仍指向本站原有的文章）`,
    ),
  );
  const talks = numbered(fresh('talks', bundle.talks), new Set(now.talks), (_, taken, id) =>
    conflicts.push(`说说 id ${taken} 已被占用，改用 id ${id}`),
  );
  const users = plannedUsers(fresh('users', bundle.users), now, conflicts);

  // What each reference can land on: what this import creates, or what an earlier one brought.
  const present = (key: string, created: ReadonlySet<string>) => now.known.has(key) || created.has(key);
  const userKeys = new Set(users.map((u) => u.item.key));
  const hasUser = (key: string) => present(key, userKeys);
  const messages = fresh('messages', bundle.messages).filter((message) =>
    keptIf(!('userKey' in message.author) || hasUser(message.author.userKey), leftBehind, {
      where: message.key,
      reason: '留言的作者不在导入的用户里',
    }),
  );
  const targets = {
    article: new Set(articles.map((a) => a.item.key)),
    talk: new Set(talks.map((t) => t.item.key)),
    message: new Set(messages.map((m) => m.key)),
  };
  const freshComments = fresh('comments', bundle.comments);
  const commentKeys = new Set(freshComments.map((c) => c.key));
  const comments = freshComments
    .filter(
      (comment) =>
        keptIf(present(comment.target.key, targets[comment.target.kind]), leftBehind, {
          where: comment.key,
          reason: '评论的对象（文章、说说或留言）不在导入的内容里',
        }) &&
        keptIf(!comment.parentKey || present(comment.parentKey, commentKeys), leftBehind, {
          where: comment.key,
          reason: '回复的评论不在导入的内容里',
        }) &&
        keptIf(!('userKey' in comment.author) || hasUser(comment.author.userKey), leftBehind, {
          where: comment.key,
          reason: '评论的作者不在导入的用户里',
        }),
    )
    // Whom it answers is only a note: a reply to someone not brought over is still the reply.
    .map((comment) =>
      comment.toUserKey && !hasUser(comment.toUserKey) ? { ...comment, toUserKey: undefined } : comment,
    )
    .sort((a, b) => Number(Boolean(a.parentKey)) - Number(Boolean(b.parentKey)));

  const likeTargets = { ...targets, comment: new Set(comments.map((c) => c.key)) };
  const freshLikes = fresh('likes', bundle.likes);
  const likes = freshLikes.filter(
    (like) =>
      like.userKey !== null &&
      keptIf(hasUser(like.userKey) && present(like.target.key, likeTargets[like.target.kind]), leftBehind, {
        where: like.key,
        reason: '点赞的用户或对象不在导入的内容里',
      }),
  );
  const links = fresh('links', bundle.links).filter(
    (link) =>
      keptIf(hasUser(link.userKey), leftBehind, { where: link.key, reason: '友链的申请人不在导入的用户里' }) &&
      // The same rule as an application on the site: no `javascript:` address reaches the pages.
      keptIf(!linkUrlProblem(link.url), leftBehind, {
        where: link.key,
        reason: `友链地址 ${link.url} 不可用：${linkUrlProblem(link.url)}`,
      }),
  );

  const refs: (ImageRef | undefined)[] = [
    ...articles.flatMap(({ item }) => [...item.images, item.cover]),
    ...talks.flatMap(({ item }) => item.images),
  ];
  const images = { files: 0, urls: 0, unknown: 0 };
  for (const ref of refs) {
    if (!ref) continue;
    if (!ref.from) images.unknown++;
    else if ('file' in ref.from) images.files++;
    else images.urls++;
  }

  return {
    source: bundle.source,
    siteKey: bundle.siteKey,
    articles,
    talks,
    users,
    messages,
    comments,
    likes,
    links,
    site: now.known.has(siteKeyOf(bundle.siteKey)) ? {} : bundle.site,
    uploads: bundle.uploads,
    already,
    guestLikes: freshLikes.filter((like) => like.userKey === null).length,
    conflicts,
    leftBehind,
    images,
  };
}

function keptIf(ok: boolean, leftBehind: LeftBehind[], why: LeftBehind): boolean {
  if (!ok) leftBehind.push(why);
  return ok;
}

/**
 * Ids for articles or talks: their own where free, else the next free one. Those without an id of
 * their own are numbered after, oldest first, so ids still grow with the date.
 */
function numbered<T extends { id?: number; date: Date }>(
  items: T[],
  taken: Set<number>,
  onTaken: (item: T, id: number, given: number) => void,
): Numbered<T>[] {
  const used = new Set(taken);
  // One at a time, so of two with the same id only the first keeps it.
  const keepOwn: T[] = [];
  for (const item of items) {
    if (item.id === undefined || used.has(item.id)) continue;
    used.add(item.id);
    keepOwn.push(item);
  }
  let next = Math.max(0, ...used) + 1;
  const result: Numbered<T>[] = keepOwn.map((item) => ({ item, id: item.id! }));
  const rest = items.filter((item) => !keepOwn.includes(item)).sort((a, b) => a.date.getTime() - b.date.getTime());
  for (const item of rest) {
    const id = next++;
    if (item.id !== undefined) onTaken(item, item.id, id);
    result.push({ item, id });
  }
  return result.sort((a, b) => a.id - b.id);
}

function plannedUsers(items: ImportedUser[], now: SiteNow, conflicts: string[]): PlannedUser[] {
  const taken = new Set(now.users.keys());
  return items.map((item) => {
    const lower = item.username.toLowerCase();
    const here = now.users.get(lower);
    if (here?.admin && item.role === 'admin') {
      conflicts.push(`用户名 ${item.username} 在本站已是站长：两者合并为本站的账号，密码不变`);
      return { item, username: item.username, mergeInto: here.id };
    }
    // Only the owner this site already has runs it: another admin of the old site comes as a user.
    const user = item.role === 'admin' && now.users.size > 0 ? { ...item, role: 'user' as const } : item;
    if (user !== item)
      conflicts.push(`原站的管理员 ${item.username} 以普通用户导入：需要时在后台的用户管理里设为管理员`);
    if (!taken.has(lower)) {
      taken.add(lower);
      return { item: user, username: item.username };
    }
    let n = 2;
    while (taken.has(`${lower}_${n}`)) n++;
    const username = `${item.username}_${n}`;
    taken.add(username.toLowerCase());
    conflicts.push(`用户名 ${item.username} 已被占用，导入为 ${username}`);
    return { item: user, username };
  });
}

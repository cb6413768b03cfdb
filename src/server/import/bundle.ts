/**
 * A blog as every importer reads it, whatever it came from (the original blog's MySQL, a Hexo or
 * Hugo folder, a WordPress export, our own export): `apply.ts` plans and writes only this. Each
 * thing carries a `key` that names it in its source (`seed:article:12`, `hexo:2023/foo.md`); an
 * import remembers the keys it brought over, so running it again brings only what is new.
 *
 * References between things are keys too (a comment's article, a like's user), never local ids:
 * only `apply.ts` knows which local id each key was given.
 */
import type { LikeKind } from '../../contract/likes.ts';
import type { LINK_STATUS } from '../../contract/links.ts';
import type { ArticleType } from '../../contract/writing.ts';

/** A picture a source names: a file on this machine, or an address on the web. */
export type ImageSource = { file: string } | { url: string };

/** A picture the text names, and where to get it. `ref` is exactly as the text writes it. */
export interface ImageRef {
  ref: string;
  /** Null: the source could not say where it is (a relative path with no file behind it). */
  from: ImageSource | null;
}

export interface ImportedArticle {
  key: string;
  /** The id to keep (the original blog's, our export's); a new one is given when absent or taken. */
  id?: number;
  title: string;
  /** Markdown. Pictures keep the references listed in `images` until they are copied. */
  body: string;
  images: ImageRef[];
  cover?: ImageRef;
  description?: string;
  category: string;
  tags: string[];
  pinned: boolean;
  order: number;
  type: ArticleType;
  origin?: string;
  date: Date;
  updated?: Date;
  draft: boolean;
  private: boolean;
  /** In the recycle bin. */
  trashed?: boolean;
  views: number;
  likes: number;
  readingMs: number;
  /** Addresses the article had on the old site (`/2023/01/02/foo/`): they redirect to `/article/N`. */
  oldPaths: string[];
}

export interface ImportedTalk {
  key: string;
  id?: number;
  /** Plain text, as the talk's Markdown body. */
  body: string;
  images: ImageRef[];
  date: Date;
  pinned: boolean;
  private: boolean;
  /** In the recycle bin. */
  trashed: boolean;
  likes: number;
}

export interface ImportedUser {
  key: string;
  username: string;
  nickName: string;
  avatar: string;
  role: 'admin' | 'user';
  /** bcrypt (`$2a$…`, checked once at the next login and replaced) or our own scrypt; null: no password, reset by the owner. */
  passwordHash: string | null;
  email?: string;
  /** The address was proven (our own export says so); others stay to be verified. */
  emailVerified?: boolean;
  /** Stopped by the owner: kept, but cannot log in. */
  disabled?: boolean;
  createdAt: Date;
}

/** Who wrote a comment or a board post: an imported user, or a guest by name. */
export type ImportedAuthor = { userKey: string } | { guestName: string; guestEmail?: string; guestSite?: string };

export interface ImportedComment {
  key: string;
  target: { kind: Exclude<LikeKind, 'comment'>; key: string };
  /** The top-level comment this one answers within (two levels, as ours are). */
  parentKey?: string;
  author: ImportedAuthor;
  /** The user answered, when it is an imported user. */
  toUserKey?: string;
  /** A reply to a guest: their name as it was, and the comment answered (its writer gets the reply mail). */
  toGuest?: { name: string; commentKey?: string };
  /** Plain text; a source's HTML is turned into text before it gets here. */
  content: string;
  likes: number;
  hidden: boolean;
  /** Waiting for the owner's approval. */
  held?: boolean;
  /** Where the writer was, as readers are shown it (a province): never an address. */
  ipLocation?: string;
  createdAt: Date;
}

export interface ImportedMessage {
  key: string;
  author: ImportedAuthor;
  message: string;
  color: string;
  fontSize: string;
  fontWeight: string;
  bgColor: string;
  bgUrl: string;
  tag: string;
  likes: number;
  hidden?: boolean;
  ipLocation?: string;
  createdAt: Date;
}

export interface ImportedLike {
  key: string;
  target: { kind: LikeKind; key: string };
  /** A user's like; null: a guest's, which counts but cannot be told apart later. */
  userKey: string | null;
  createdAt: Date;
}

export interface ImportedLink {
  key: string;
  userKey: string;
  siteName: string;
  siteDesc: string;
  siteAvatar: string;
  url: string;
  status: keyof typeof LINK_STATUS;
  createdAt: Date;
}

/** The site's own settings as a source has them; what is absent is left as it is here. */
export interface ImportedSite {
  name?: string;
  avatar?: string;
  notice?: string;
  motto?: string;
  /** Social links by our names: github, gitee, bilibili, qq, wechat, qqGroup, wechatGroup. */
  links?: Record<string, string>;
  wechatPay?: string;
  aliPay?: string;
  /** The site's total views, added to ours. */
  views?: number;
}

/** Something the source has that cannot come over, with where it is and why, in Chinese. */
export interface LeftBehind {
  where: string;
  reason: string;
}

export interface Bundle {
  /** What was read, for the report: `原博客数据库 online_blog`. */
  source: string;
  /**
   * The source's site, whose settings and total views come once however often it is imported:
   * the kind of source by default; one that can tell its sites apart names them.
   */
  siteKey: string;
  articles: ImportedArticle[];
  talks: ImportedTalk[];
  users: ImportedUser[];
  comments: ImportedComment[];
  messages: ImportedMessage[];
  likes: ImportedLike[];
  links: ImportedLink[];
  site: ImportedSite;
  /**
   * Files the rows name by our upload path (`/uploads/<name>`: avatars, board backgrounds): copied
   * into the upload folder under the same name, so the rows' strings stay right.
   */
  uploads: Record<string, ImageSource>;
  leftBehind: LeftBehind[];
}

export const emptyBundle = (source: string, siteKey = source): Bundle => ({
  source,
  siteKey,
  articles: [],
  talks: [],
  users: [],
  comments: [],
  messages: [],
  likes: [],
  links: [],
  site: {},
  uploads: {},
  leftBehind: [],
});

/** Comments on the wire (docs/api.md §9.1). */
import type { GuestFields } from './commentRules.ts';

/** What a comment is on: 1 article, 2 talk, 3 message-board post. */
export type CommentTargetCode = 1 | 2 | 3;

/** How messages name each kind of target. */
export const COMMENT_TARGET_NAMES: Record<CommentTargetCode, string> = { 1: '文章', 2: '说说', 3: '留言' };
/** What each code comments on, by the names likes and imports use. */
export const COMMENT_TARGETS = { 1: 'article', 2: 'talk', 3: 'message' } as const satisfies Record<
  CommentTargetCode,
  string
>;

/** A root comment (`parent_id` null). A guest's comment has `from_id` 0 and `from_avatar` ''. */
export interface RootComment {
  id: number;
  content: string;
  from_id: number;
  from_name: string;
  from_avatar: string;
  /** The writer's role (1 admin, 2 reader): the owner's comments carry a badge, so nobody passes for the owner. */
  from_role: number;
  thumbs_up: number;
  is_like: boolean;
  createdAt: string;
  childrenCount: number;
  /** A guest's own site, as they gave it (http or https); absent for accounts and guests without one. */
  from_site?: string;
  /** Present while the comment waits for the owner: only its writer and the owner see it. */
  held?: true;
  /** IP 属地: a province in China, a country elsewhere, 未知 when unknown; never the address. Absent when the owner turns it off. */
  ipAddress?: string;
}

/** A reply: `parent_id` is its root's id; `to_id`/`to_name` the person replied to (`to_id` 0 for a guest). */
export interface ReplyComment extends Omit<RootComment, 'childrenCount'> {
  to_id: number;
  to_name: string;
}

export type CommentOrder = 'new' | 'hot';

/** Where a new comment or reply sits, as `add` and `apply` answer it. */
interface Placement<Parent> {
  parent_id: Parent;
  type: CommentTargetCode;
  for_id: number;
}

/** `POST /api/comment/add`. */
export type AddedComment = RootComment & Placement<null>;
/** `POST /api/comment/apply`. */
export type AddedReply = ReplyComment & Placement<number>;

/** Without a session, when the owner allows guests, `nick_name` (and optionally `email`, `site`) comes too. */
export interface CommentBody extends Partial<GuestFields> {
  type: CommentTargetCode;
  for_id: number;
  content: string;
}

/**
 * `parent_id` may be a reply's id: the reply then goes under that reply's root. `to_id` 0 answers
 * a guest: the guest who wrote `parent_id`.
 */
export interface ReplyBody extends CommentBody {
  parent_id: number;
  to_id: number;
}

export interface RootCommentQuery {
  type: CommentTargetCode;
  for_id: number;
  current: number;
  size: number;
  order: CommentOrder;
}

export interface ReplyCommentQuery {
  parent_id: number;
  current: number;
  size: number;
}

export interface CommentTotalQuery {
  type: CommentTargetCode;
  for_id: number;
}

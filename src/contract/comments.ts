/** Comments, planned (docs/api.md §9.1): only the fields listed there. */

/** What a comment is on: 1 article, 2 talk, 3 message-board post. */
export type CommentTargetCode = 1 | 2 | 3;

/** A root comment (`parent_id` null). */
export interface RootComment {
  id: number;
  content: string;
  from_id: number;
  from_name: string;
  from_avatar: string;
  thumbs_up: number;
  is_like: boolean;
  createdAt: string;
  childrenCount: number;
}

/** A reply: `parent_id` is its root's id; `to_id`/`to_name` the person replied to. */
export interface ReplyComment extends Omit<RootComment, 'childrenCount'> {
  to_id: number;
  to_name: string;
}

export type CommentOrder = 'new' | 'hot';

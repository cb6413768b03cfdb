/** The original front end's generic likes (docs/api.md §4). */

/** What each `type` code likes. */
export const LIKE_TYPES = { 1: 'article', 2: 'talk', 3: 'message', 4: 'comment' } as const;
export type LikeTypeCode = keyof typeof LIKE_TYPES;
export type LikeKind = (typeof LIKE_TYPES)[LikeTypeCode];

/** The body of all three calls. `user_id` is accepted and ignored: the session decides who likes. */
export interface LikeBody {
  for_id: number;
  type: LikeTypeCode;
  user_id?: number | string | null;
}

/** The owner's rules for comments (`GET/PUT /api/admin/commentRules`), changed at run time from the console. */

/** Which comments wait for the owner before anyone else sees them: every one, guests' only, or none. */
export const HOLD_RULES = ['all', 'guests', 'none'] as const;
export type HoldRule = (typeof HOLD_RULES)[number];

export interface CommentRules {
  /** Whether readers may comment without an account, giving a nickname instead. Off by default. */
  guests: boolean;
  hold: HoldRule;
  /** A comment containing one of these waits for the owner, whatever `hold` says. */
  hold_words: string[];
  /** A comment containing one of these is refused outright. */
  refuse_words: string[];
}

export const DEFAULT_COMMENT_RULES: CommentRules = { guests: false, hold: 'guests', hold_words: [], refuse_words: [] };

/** What a guest gives with a comment (`POST /api/comment/add` and `/apply` without a session). */
export interface GuestFields {
  nick_name: string;
  email?: string;
  site?: string;
}

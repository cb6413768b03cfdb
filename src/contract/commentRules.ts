/** The owner's rules for comments (`GET/PUT /api/admin/commentRules`), changed at run time from the console. */
import { z } from 'astro/zod';
import { COMMENT_KEYWORD_MAX_CHARS, COMMENT_KEYWORDS_MAX } from './limits.ts';
import { charCount, hasControlCharacters } from './text.ts';

// Zod compiles checks with `new Function` unless told not to: the console's pages allow no eval.
z.config({ jitless: true });

/** Which comments wait for the owner before anyone else sees them: every one, guests' only, or none. */
export const HOLD_RULES = ['all', 'guests', 'none'] as const;
export type HoldRule = (typeof HOLD_RULES)[number];

/** A keyword list as the owner types it: one word per line (or comma-separated), blanks and repeats dropped. */
export function keywordList(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\n,，]/)
    .map((word) => word.trim())
    .filter((word) => word !== '' && !seen.has(word) && seen.add(word));
}

export function keywordListProblem(words: readonly string[], label: string): string | null {
  if (words.length > COMMENT_KEYWORDS_MAX) return `${label}最多 ${COMMENT_KEYWORDS_MAX} 个`;
  const long = words.find((word) => charCount(word) > COMMENT_KEYWORD_MAX_CHARS);
  if (long !== undefined)
    return `${label}里的每个词最多 ${COMMENT_KEYWORD_MAX_CHARS} 个字：「${long.slice(0, 10)}…」太长了`;
  if (words.some((word) => hasControlCharacters(word))) return `${label}不能包含控制字符`;
  return null;
}

/** A word list as a request gives it (a list, or text one per line) and as it is kept: a list. */
const keywords = (label: string) =>
  z
    .union([
      z.array(z.string({ error: `${label}必须是文字` }), { error: `${label}必须是文字列表` }),
      z.string({ error: `${label}必须是文字列表` }),
    ])
    .transform((value) => keywordList(Array.isArray(value) ? value.join('\n') : value))
    .superRefine((words, ctx) => {
      const problem = keywordListProblem(words, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default([]);

/** The rules, as the console sends them, the server checks and keeps them, and a field missing from an older kept value defaults. */
export const commentRules = z.object({
  /** Whether readers may comment without an account, giving a nickname instead. Off by default. */
  guests: z.boolean({ error: 'guests 必须是 true 或 false' }).default(false),
  hold: z
    .enum(HOLD_RULES, { error: 'hold 只能是 all（全部审核）、guests（只审核访客）或 none（不审核）' })
    .default('guests'),
  /** A comment containing one of these waits for the owner, whatever `hold` says. */
  hold_words: keywords('待审核关键词'),
  /** A comment containing one of these is refused outright. */
  refuse_words: keywords('拒绝关键词'),
});
export type CommentRules = z.output<typeof commentRules>;

export const DEFAULT_COMMENT_RULES: CommentRules = commentRules.parse({});

/** What a guest gives with a comment (`POST /api/comment/add` and `/apply` without a session). */
export interface GuestFields {
  nick_name: string;
  email?: string;
  site?: string;
}

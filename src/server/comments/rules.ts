/** What a comment's text may be. Shared by the route's validation and the service, so both word it alike. */
import { COMMENT_MAX_CHARS } from '../../contract/limits.ts';

/** Control characters other than tab and line breaks: invisible, and nobody types them. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Characters as a reader counts them: an emoji (a surrogate pair) is one. */
export const charCount = (text: string) => [...text].length;

/** Why this text (already trimmed) cannot be a comment, or null when it can. */
export function commentContentProblem(content: string): string | null {
  if (content.length === 0) return '评论内容不能为空';
  if (charCount(content) > COMMENT_MAX_CHARS) return `评论最多 ${COMMENT_MAX_CHARS} 个字`;
  if (CONTROL.test(content)) return '评论不能包含控制字符';
  return null;
}

export const EXCERPT_CHARS = 50;

/** The start of a comment on one line, for a notification. */
export function excerpt(content: string, chars = EXCERPT_CHARS): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const characters = [...flat];
  return characters.length > chars ? `${characters.slice(0, chars).join('')}…` : flat;
}

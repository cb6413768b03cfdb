/** Rules for text readers write, shared by the forms and the server so both count and word alike. */
import { COMMENT_MAX_CHARS } from '../../contract/limits.ts';
import { charCount, hasControlCharacters } from '../../contract/text.ts';

export { charCount, hasControlCharacters };

/** How much of a comment or post a notification quotes. */
export const EXCERPT_CHARS = 50;

/** The start of a text on one line, for a notification. */
export function excerpt(text: string, chars = EXCERPT_CHARS): string {
  const characters = [...text.replace(/\s+/g, ' ').trim()];
  return characters.length > chars ? `${characters.slice(0, chars).join('')}…` : characters.join('');
}

/** Why this text (already trimmed) cannot be a comment, or null when it can. */
export function commentContentProblem(content: string): string | null {
  if (content.length === 0) return '评论内容不能为空';
  if (charCount(content) > COMMENT_MAX_CHARS) return `评论最多 ${COMMENT_MAX_CHARS} 个字`;
  if (hasControlCharacters(content)) return '评论不能包含控制字符';
  return null;
}

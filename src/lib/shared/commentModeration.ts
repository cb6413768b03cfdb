/**
 * Comment moderation, shared by the server (which decides) and the console (which explains):
 * the guest's fields, the keyword lists, and whether a comment is published, held or refused.
 */
import { GUEST_SITE_MAX_LENGTH, NICK_NAME_MAX_CHARS } from '../../contract/limits.ts';
import type { CommentRules } from '../../contract/commentRules.ts';
import { charCount, hasControlCharacters } from './text.ts';

export type Verdict = { kind: 'publish' } | { kind: 'hold'; why: 'rule' | 'keyword' } | { kind: 'refuse' };

/**
 * What a spammer puts between letters to slip past a word list: spaces, punctuation and symbols,
 * and characters that show nothing at all. Those are format characters (soft hyphen, zero-width
 * joiners, invisible operators, bidi controls), combining marks (U+034F, variation selectors, an
 * accent added to a letter) and the rest of Unicode's default-ignorable set, which holds the
 * Hangul fillers (U+115F, U+1160, U+3164, U+FFA0): letters by category, blank on screen.
 */
const FILLER = /[\s\p{P}\p{S}\p{Cf}\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * Text as the keyword lists compare it: full-width and compatibility forms folded and marks split
 * off (NFKD), lower case, without filler; Hangul syllables put back together (NFC). For comparing
 * only: what was typed is stored and shown as it was.
 */
export const foldForKeywords = (text: string): string =>
  text.normalize('NFKD').toLowerCase().replace(FILLER, '').normalize('NFC');

const containsAny = (folded: string, words: readonly string[]) =>
  words.some((word) => {
    const needle = foldForKeywords(word);
    return needle !== '' && folded.includes(needle);
  });

export interface CommentToJudge {
  /** The comment's text and, for a guest, their nickname and site: a spammer's link often sits there. */
  text: string;
  guest: boolean;
  /** The owner's own comments are never held. */
  byOwner: boolean;
}

export function judgeComment(rules: CommentRules, { text, guest, byOwner }: CommentToJudge): Verdict {
  if (byOwner) return { kind: 'publish' };
  const folded = foldForKeywords(text);
  if (containsAny(folded, rules.refuse_words)) return { kind: 'refuse' };
  if (containsAny(folded, rules.hold_words)) return { kind: 'hold', why: 'keyword' };
  if (rules.hold === 'all' || (rules.hold === 'guests' && guest)) return { kind: 'hold', why: 'rule' };
  return { kind: 'publish' };
}

/** A guest's site: an absolute http(s) address, so a `javascript:` link never reaches a page. Empty is fine. */
export function guestSiteProblem(site: string): string | null {
  if (!site) return null;
  if (site.length > GUEST_SITE_MAX_LENGTH) return `网址最长 ${GUEST_SITE_MAX_LENGTH} 个字符`;
  try {
    const url = new URL(site);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname && !/\s/.test(site)) return null;
  } catch {
    // Falls through to the same answer as a wrong scheme.
  }
  return '网址要以 http:// 或 https:// 开头';
}

/** A guest's nickname: required, as short as an account's. */
export function guestNameProblem(name: string): string | null {
  if (!name) return '请填写昵称';
  if (charCount(name) > NICK_NAME_MAX_CHARS) return `昵称最多 ${NICK_NAME_MAX_CHARS} 个字`;
  if (hasControlCharacters(name) || /[\r\n]/.test(name)) return '昵称不能换行或包含控制字符';
  return null;
}

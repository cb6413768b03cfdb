const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/g;
const LATIN_WORD = /[A-Za-z0-9]+(?:[-'.][A-Za-z0-9]+)*/g;

/**
 * Markdown to the words a reader sees: no link targets, image paths or markup. Code blocks are
 * dropped for counting words and kept (without their fences) for searching.
 */
export function plainText(markdown: string, { keepCode = false } = {}): string {
  return markdown
    .replace(/^```[^\n]*\n([\s\S]*?)^```/gm, (_, code: string) => (keepCode ? ` ${code} ` : ' '))
    .replace(/!\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/<[^<>]+>/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~|]/g, ' ')
    .replace(/^[ \t]*:?-{3,}:?[ \t]*$/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each CJK character counts as a word, as Chinese readers count 字数; Latin runs count once. */
export function countWords(markdown: string): number {
  const text = plainText(markdown);
  const cjk = text.match(CJK)?.length ?? 0;
  const latin = text.replace(CJK, ' ').match(LATIN_WORD)?.length ?? 0;
  return cjk + latin;
}

export const WORDS_PER_MINUTE = 400;

export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_CHARS } from '../../src/contract/limits';
import { charCount, commentContentProblem, excerpt, hasControlCharacters } from '../../src/lib/shared/text';

describe('charCount', () => {
  it('counts an emoji as one character', () => {
    expect(charCount('好🎉')).toBe(2);
    expect('好🎉'.length).toBe(3);
  });
});

describe('commentContentProblem', () => {
  it('takes 1 to the maximum characters, emoji counted as one, line breaks allowed', () => {
    expect(commentContentProblem('好')).toBeNull();
    expect(commentContentProblem('第一行\n第二行\t🎉')).toBeNull();
    expect(commentContentProblem('🎉'.repeat(COMMENT_MAX_CHARS))).toBeNull();
  });
  it('refuses empty, over-long and invisible control characters', () => {
    expect(commentContentProblem('')).toBe('评论内容不能为空');
    expect(commentContentProblem('长'.repeat(COMMENT_MAX_CHARS + 1))).toBe(`评论最多 ${COMMENT_MAX_CHARS} 个字`);
    expect(commentContentProblem('a\u0007b')).toBe('评论不能包含控制字符');
    expect(hasControlCharacters('a\u007fb')).toBe(true);
  });
});

describe('excerpt', () => {
  it('quotes the start on one line and marks the cut', () => {
    expect(excerpt('  第一行\n\n第二行  ')).toBe('第一行 第二行');
    expect(excerpt('🎉'.repeat(60), 50)).toBe(`${'🎉'.repeat(50)}…`);
    expect(excerpt('短', 50)).toBe('短');
  });
});

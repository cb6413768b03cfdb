import { describe, expect, it } from 'vitest';
import {
  commentRules,
  DEFAULT_COMMENT_RULES,
  keywordList,
  keywordListProblem,
  type CommentRules,
} from '../../src/contract/commentRules';
import { foldForKeywords, guestSiteProblem, judgeComment } from '../../src/lib/shared/commentModeration';

const rules = (change: Partial<CommentRules>): CommentRules => ({ ...DEFAULT_COMMENT_RULES, ...change });
const reader = { guest: false, byOwner: false };
const guest = { guest: true, byOwner: false };

describe('judgeComment', () => {
  it('holds by the rule: every comment, guests only, or none', () => {
    expect(judgeComment(rules({ hold: 'all' }), { ...reader, text: '你好' })).toEqual({ kind: 'hold', why: 'rule' });
    expect(judgeComment(rules({ hold: 'guests' }), { ...reader, text: '你好' })).toEqual({ kind: 'publish' });
    expect(judgeComment(rules({ hold: 'guests' }), { ...guest, text: '你好' })).toEqual({ kind: 'hold', why: 'rule' });
    expect(judgeComment(rules({ hold: 'none' }), { ...guest, text: '你好' })).toEqual({ kind: 'publish' });
  });

  it('refuses before it holds, and a keyword holds whatever the rule', () => {
    const lists = rules({ hold: 'none', hold_words: ['加微信'], refuse_words: ['博彩'] });
    expect(judgeComment(lists, { ...reader, text: '加微信聊聊' })).toEqual({ kind: 'hold', why: 'keyword' });
    expect(judgeComment(lists, { ...reader, text: '加微信看博彩' })).toEqual({ kind: 'refuse' });
    expect(judgeComment(lists, { ...reader, text: '写得真好' })).toEqual({ kind: 'publish' });
  });

  it('sees through width, case, spaces and symbols put between the letters', () => {
    const lists = rules({ hold: 'none', refuse_words: ['Casino', '博彩'] });
    for (const text of [
      'ＣＡＳＩＮＯ bonus',
      'c a s i n o',
      'c.a-s*i_n·o',
      '博 彩',
      '博\u200b彩',
      '博\u00ad彩',
      '博\u3164彩',
      'cas\u0301ino',
    ]) {
      expect(judgeComment(lists, { ...reader, text }), text).toEqual({ kind: 'refuse' });
    }
    expect(judgeComment(lists, { ...reader, text: 'cas ino? no: cassino' })).toEqual({ kind: 'refuse' });
    expect(judgeComment(lists, { ...reader, text: '博客' })).toEqual({ kind: 'publish' });
  });

  it('never holds or refuses the owner', () => {
    const strict = rules({ hold: 'all', refuse_words: ['博彩'] });
    expect(judgeComment(strict, { text: '博彩', guest: false, byOwner: true })).toEqual({ kind: 'publish' });
  });

  it('ignores a word that folds to nothing', () => {
    expect(judgeComment(rules({ hold: 'none', refuse_words: ['  ', '!!'] }), { ...reader, text: '好!!' })).toEqual({
      kind: 'publish',
    });
  });
});

describe('keyword lists', () => {
  it('splits on lines and commas, trims, drops blanks and repeats', () => {
    expect(keywordList('博彩\n 加微信 ,代刷，博彩\n\n')).toEqual(['博彩', '加微信', '代刷']);
  });

  it('limits the count and the length of each word', () => {
    expect(keywordListProblem(['a'.repeat(51)], '拒绝词')).toMatch(/最多 50 个字/);
    expect(
      keywordListProblem(
        Array.from({ length: 501 }, (_, i) => `w${i}`),
        '拒绝词',
      ),
    ).toMatch(/最多 500 个/);
    expect(keywordListProblem(['ok'], '拒绝词')).toBeNull();
  });

  it('folds full-width letters and case', () => {
    expect(foldForKeywords('ＡＢｃ 1２3')).toBe('abc123');
  });

  it('drops characters that show nothing: format characters, marks, fillers, variation selectors and joiners', () => {
    const hidden = [
      '\u00ad',
      '\u034f',
      '\u061c',
      '\u115f',
      '\u1160',
      '\u17b4',
      '\u180b',
      '\u180e',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u200e',
      '\u202e',
      '\u2061',
      '\u2062',
      '\u2063',
      '\u2064',
      '\u2066',
      '\u3164',
      '\ufe0f',
      '\ufeff',
      '\uffa0',
      '\u{e0041}',
      '\u{e0100}',
      '\u0301',
      '\u20dd',
    ];
    for (const mark of hidden) {
      expect(foldForKeywords(`去赌${mark}场玩`), mark.codePointAt(0)!.toString(16)).toBe('去赌场玩');
      expect(foldForKeywords(`ca${mark}sino`), mark.codePointAt(0)!.toString(16)).toBe('casino');
    }
  });

  it('sees a letter with a mark added as the letter', () => {
    expect(foldForKeywords('cási\u0301no')).toBe('casino');
    expect(foldForKeywords('Ｃａｆé')).toBe('cafe');
    expect(foldForKeywords('ℭ𝔞𝔰İno')).toBe('casino');
    // Hangul syllables and kana stay whole.
    expect(foldForKeywords('한국어 かな')).toBe('한국어かな');
  });
});

describe('guestSiteProblem', () => {
  it('takes empty or an http(s) address only', () => {
    expect(guestSiteProblem('')).toBeNull();
    expect(guestSiteProblem('https://example.com/blog')).toBeNull();
    expect(guestSiteProblem('javascript:alert(1)')).toMatch(/http/);
    expect(guestSiteProblem('example.com')).toMatch(/http/);
    expect(guestSiteProblem(`https://e.com/${'a'.repeat(300)}`)).toMatch(/最长/);
  });
});

describe('the comment rules’ one schema', () => {
  it('gives the defaults, fills a field an older kept value lacks, and checks a request naming the field', () => {
    expect(DEFAULT_COMMENT_RULES).toEqual({ guests: false, hold: 'guests', hold_words: [], refuse_words: [] });
    expect(commentRules.parse({ guests: true })).toEqual({ ...DEFAULT_COMMENT_RULES, guests: true });
    expect(commentRules.parse({ hold_words: '博彩\n加微信,博彩' }).hold_words).toEqual(['博彩', '加微信']);
    const refused = commentRules.safeParse({ hold: 'some', refuse_words: ['x'.repeat(51)] });
    expect(refused.error!.issues.map((issue) => issue.path[0])).toEqual(['hold', 'refuse_words']);
  });
});

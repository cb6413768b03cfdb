import { describe, expect, it, vi } from 'vitest';
import { quoteFromResponse, typewriterSteps, usableEntries } from '../../src/lib/browser/typewriter';

describe('usableEntries', () => {
  it('skips empty entries and reports each', () => {
    const report = vi.fn();
    expect(usableEntries(['你好', '', '  ', null, '我得做点什么'], report)).toEqual(['你好', '我得做点什么']);
    expect(report).toHaveBeenCalledTimes(3);
  });
});

describe('typewriterSteps', () => {
  const timing = { charMs: 300, gapMs: 800, eraseMs: 50 };
  it('types each character at the char interval and ends on the last entry', () => {
    const steps = typewriterSteps(['春风', '我得做点什么'], timing);
    expect(steps.at(-1)!.text).toBe('我得做点什么');
    expect(steps.slice(0, 2)).toEqual([
      { text: '春', delay: 300 },
      { text: '春风', delay: 300 },
    ]);
  });
  it('holds for the gap before erasing the previous entry', () => {
    const steps = typewriterSteps(['春风', '我'], timing);
    expect(steps[2]).toEqual({ text: '春', delay: 800 });
    expect(steps[3]).toEqual({ text: '', delay: 50 });
    expect(steps[4]).toEqual({ text: '我', delay: 300 });
  });
  it('counts astral characters as one', () => {
    expect(typewriterSteps(['😀好'], timing).map((s) => s.text)).toEqual(['😀', '😀好']);
  });
});

describe('quoteFromResponse', () => {
  it('reads the known shapes', () => {
    expect(quoteFromResponse({ data: { note: ' 一句话 ' } })).toBe('一句话');
    expect(quoteFromResponse({ hitokoto: '另一句' })).toBe('另一句');
    expect(quoteFromResponse({ content: '第三句' })).toBe('第三句');
  });
  it('rejects anything else', () => {
    expect(quoteFromResponse(null)).toBeNull();
    expect(quoteFromResponse({ data: { note: '' } })).toBeNull();
    expect(quoteFromResponse({ data: { note: 3 } })).toBeNull();
  });
});

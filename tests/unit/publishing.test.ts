import { describe, expect, it } from 'vitest';
import type { PublishState } from '../../src/contract/writing';
import { pageLiveAhead } from '../../src/lib/shared/publishing';

const state = (page_live: PublishState['page_live'], queued_at = '2026-11-28T10:00:00.000Z'): PublishState => ({
  state: 'building',
  step: '生成页面',
  percent: 50,
  queued_at,
  started_at: null,
  finished_at: null,
  error: null,
  builds: 0,
  page_live,
});

describe('pageLiveAhead', () => {
  it('is the article’s page put live after its save queued the build', () => {
    expect(pageLiveAhead(state({ id: 3, at: '2026-11-28T10:00:00.200Z', gone: false }), 3)).toBe(true);
  });
  it('is not an earlier quick release, another article, a page taken down, or no article', () => {
    expect(pageLiveAhead(state({ id: 3, at: '2026-11-28T09:59:59.000Z', gone: false }), 3)).toBe(false);
    expect(pageLiveAhead(state({ id: 4, at: '2026-11-28T10:00:00.200Z', gone: false }), 3)).toBe(false);
    expect(pageLiveAhead(state({ id: 3, at: '2026-11-28T10:00:00.200Z', gone: true }), 3)).toBe(false);
    expect(pageLiveAhead(state(null), 3)).toBe(false);
    expect(pageLiveAhead(state({ id: 3, at: '2026-11-28T10:00:00.200Z', gone: false }), null)).toBe(false);
  });
});

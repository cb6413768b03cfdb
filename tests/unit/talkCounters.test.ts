/**
 * The talk page shows every talk, and each card's likes and comment count come from the list API,
 * a page of at most MAX_PAGE_SIZE at a time. The server is the browser's `fetch`, answered here.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAGE_SIZE } from '../../src/contract/limits';
import { $talks, loadTalks } from '../../src/stores/talks';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A server with `count` talks, newest first, each with as many likes as its id; answers the pages asked for. */
function serverWithTalks(count: number) {
  const asked: number[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const { current, size } = JSON.parse(String(init.body)) as { current: number; size: number };
    asked.push(current);
    const ids = Array.from({ length: count }, (_, i) => count - i).slice((current - 1) * size, current * size);
    const list = ids.map((id) => ({ id, like_times: id, is_like: false, comment_total: 1 }));
    return json({ code: 0, message: '', result: { list, total: count, current, size } });
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('the talk counters', () => {
  it('come for every talk, however many pages of the list they take', async () => {
    const count = MAX_PAGE_SIZE * 2 + 7;
    const asked = serverWithTalks(count);
    await loadTalks();
    expect(asked).toEqual([1, 2, 3]);
    const live = $talks.get();
    expect(Object.keys(live)).toHaveLength(count);
    expect(live[1]).toEqual({ likes: 1, liked: false, comments: 1, liking: false });
    expect(live[count]).toMatchObject({ likes: count });
  });
});

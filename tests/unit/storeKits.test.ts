import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/contract/envelope';
import { refusalOf, RequestError } from '../../src/lib/browser/request';
import { likeToggle, type LikeShown } from '../../src/stores/likes';
import { pagedList } from '../../src/stores/pagedList';
import { MAX_PAGE_SIZE } from '../../src/contract/limits';

/** A promise the test settles by hand, to answer reads in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

type Item = { id: number };
const page = (ids: number[], total: number): { result: Page<Item> } => ({
  result: { current: 1, size: 2, total, list: ids.map((id) => ({ id })) },
});

function scripted(size = 2) {
  const asked: {
    filter: string;
    current: number;
    size: number;
    answer: ReturnType<typeof deferred<{ result: Page<Item> }>>;
  }[] = [];
  const list = pagedList<Item, string>('', {
    size,
    read: (filter, current, size) => {
      const answer = deferred<{ result: Page<Item> }>();
      asked.push({ filter, current, size, answer });
      return answer.promise;
    },
  });
  return { list, asked };
}

describe('the paged list', () => {
  it('drops a late answer for a filter the reader has left', async () => {
    const { list, asked } = scripted();
    const first = list.open('a');
    const second = list.open('b');
    asked[1].answer.resolve(page([3], 1));
    await second;
    asked[0].answer.resolve(page([1, 2], 2));
    expect(await first).toBe(false);
    expect(list.$list.get()).toMatchObject({ filter: 'b', list: [{ id: 3 }], total: 1, loading: false, loaded: true });
  });

  it('appends the next page without listing an item twice, and retries the page that failed', async () => {
    const { list, asked } = scripted();
    const opened = list.open();
    asked[0].answer.resolve(page([1, 2], 5));
    await opened;
    const failed = list.more();
    asked[1].answer.reject(new Error('offline'));
    await failed;
    expect(list.$list.get()).toMatchObject({ failed: true, current: 1 });
    const retried = list.more();
    expect(asked[2].current).toBe(2);
    asked[2].answer.resolve(page([2, 3], 5));
    await retried;
    expect(list.$list.get().list.map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('shows the page before when the last row of the last page went', async () => {
    const { list, asked } = scripted();
    const shown = list.goTo(3);
    asked[0].answer.resolve(page([], 4));
    await Promise.resolve();
    await Promise.resolve();
    expect(asked[1].current).toBe(2);
    asked[1].answer.resolve(page([3, 4], 4));
    await shown;
    expect(list.$list.get()).toMatchObject({ current: 2, list: [{ id: 3 }, { id: 4 }] });
  });

  const ids = (list: { $list: { get: () => { list: Item[] } } }) => list.$list.get().list.map((item) => item.id);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('renews the pages shown in one read, keeping them shown until it arrives, and loses no item to one added above', async () => {
    const { list, asked } = scripted();
    const opened = list.open();
    asked[0].answer.resolve(page([1, 2], 5));
    await opened;
    const more = list.more();
    asked[1].answer.resolve(page([3, 4], 5));
    await more;

    const renewed = list.renew();
    expect(asked[2]).toMatchObject({ current: 1, size: 4 });
    expect(list.$list.get()).toMatchObject({ loading: true, current: 2 });
    expect(ids(list)).toEqual([1, 2, 3, 4]);
    // Someone wrote one meanwhile, and 2 changed: the reader sees both, on the same two pages.
    asked[2].answer.resolve({
      result: {
        current: 1,
        size: 4,
        total: 6,
        list: [{ id: 9 }, { id: 1 }, { id: 2, changed: true } as Item, { id: 3 }],
      },
    });
    expect(await renewed).toBe(true);
    expect(list.$list.get()).toMatchObject({
      loading: false,
      current: 2,
      total: 6,
      list: [{ id: 9 }, { id: 1 }, { id: 2, changed: true }, { id: 3 }],
    });
    // 4 moved down onto the next page, which brings it back.
    const next = list.more();
    expect(asked[3]).toMatchObject({ current: 3, size: 2 });
    asked[3].answer.resolve(page([4, 5], 6));
    await next;
    expect(ids(list)).toEqual([9, 1, 2, 3, 4, 5]);

    // One sent here while a renewal is on its way stays: the renewal may have been read before it was written.
    const racing = list.renew();
    list.edit((shown) => [{ id: 10 }, ...shown], 1);
    asked[4].answer.resolve({
      result: { current: 1, size: 6, total: 6, list: [9, 1, 2, 3, 4, 5].map((id) => ({ id })) },
    });
    expect(await racing).toBe(false);
    expect(list.$list.get()).toMatchObject({ loading: false, total: 7 });
    expect(ids(list)).toEqual([10, 9, 1, 2, 3, 4, 5]);

    // A renewal that fails leaves the list as it was, and still good: not failed, so the next page is the next one.
    const lost = list.renew();
    asked[5].answer.reject(new Error('offline'));
    expect(await lost).toBe(false);
    expect(list.$list.get()).toMatchObject({ failed: false, loading: false, current: 3 });
    expect(ids(list)).toEqual([10, 9, 1, 2, 3, 4, 5]);
  });

  it(`renews at most ${MAX_PAGE_SIZE} items, and keeps the pages below as they were`, async () => {
    const size = 20;
    const { list, asked } = scripted(size);
    const opened = list.open();
    asked[0].answer.resolve({ result: { current: 1, size, total: 70, list: range(1, 20).map((id) => ({ id })) } });
    await opened;
    for (const [i, from] of [
      [1, 21],
      [2, 41],
    ]) {
      const more = list.more();
      asked[i].answer.resolve({
        result: { current: i + 1, size, total: 70, list: range(from, from + 19).map((id) => ({ id })) },
      });
      await more;
    }
    const renewed = list.renew();
    const pages = Math.floor(MAX_PAGE_SIZE / size);
    expect(asked[3]).toMatchObject({ current: 1, size: pages * size });
    // One new at the top pushed 40 down into what was not read again: it is still listed, once.
    asked[3].answer.resolve({
      result: {
        current: 1,
        size: pages * size,
        total: 71,
        list: [0, ...range(1, pages * size - 1)].map((id) => ({ id })),
      },
    });
    await renewed;
    expect(ids(list)).toEqual([0, ...range(1, 60)]);
    expect(list.$list.get()).toMatchObject({ current: 3, total: 71 });
    const next = list.more();
    expect(asked[4]).toMatchObject({ current: 4, size });
    asked[4].answer.resolve({ result: { current: 4, size, total: 71, list: range(60, 70).map((id) => ({ id })) } });
    await next;
    expect(ids(list)).toEqual([0, ...range(1, 70)]);
  });
});

describe('liking', () => {
  function setup() {
    const calls: {
      kind: 'like' | 'unlike';
      answer: ReturnType<typeof deferred<{ code: number; message: string; result?: number }>>;
    }[] = [];
    const shown: LikeShown[] = [];
    const call = (kind: 'like' | 'unlike') => () => {
      const answer = deferred<{ code: number; message: string; result?: number }>();
      calls.push({ kind, answer });
      return answer.promise;
    };
    const toggle = likeToggle({ like: call('like'), unlike: call('unlike') }, (_, view) => shown.push(view));
    return { calls, shown, toggle };
  }

  it('turns at once, then settles on the server count', async () => {
    const { calls, shown, toggle } = setup();
    const done = toggle(7, { liked: false, likes: 4 });
    expect(shown.at(-1)).toEqual({ liked: true, likes: 5, liking: true });
    calls[0].answer.resolve({ code: 0, message: '', result: 9 });
    expect(await done).toEqual({ liked: true, likes: 9 });
    expect(shown.at(-1)).toEqual({ liked: true, likes: 9, liking: false });
  });

  it('ignores a second press while the first is on its way, and puts everything back on failure', async () => {
    const { calls, shown, toggle } = setup();
    const first = toggle(7, { liked: true, likes: 1 });
    expect(await toggle(7, { liked: false, likes: 0 })).toEqual({ liked: false, likes: 0 });
    expect(calls).toHaveLength(1);
    expect(calls[0].kind).toBe('unlike');
    calls[0].answer.reject(new RequestError(500, 'x'));
    expect(await first).toEqual({ liked: true, likes: 1 });
    expect(shown.at(-1)).toEqual({ liked: true, likes: 1, liking: false });
  });
});

describe('a refusal told to the reader', () => {
  it('gives the server words for a 4xx, the fallback otherwise, and says when a notice has told it', () => {
    const body = (message: string, result?: unknown) => ({ code: 400, message, result });
    expect(refusalOf(new RequestError(400, 'x', body('标题不能为空', { fields: ['title'] })), '保存失败')).toEqual({
      message: '标题不能为空',
      noticed: false,
      fields: ['title'],
    });
    expect(refusalOf(new RequestError(404, 'x', body('订单不存在'), true), '失败')).toEqual({
      message: '订单不存在',
      noticed: true,
      fields: [],
    });
    expect(refusalOf(new RequestError(500, 'x', body('服务器错误'), true), '失败')).toEqual({
      message: '失败',
      noticed: true,
      fields: [],
    });
    expect(refusalOf(new RequestError(408, '请求超时', undefined, true), '失败').message).toBe('失败');
    expect(refusalOf(new Error('boom'), '失败')).toEqual({ message: '失败', noticed: false, fields: [] });
  });
});

/**
 * The console's publish line reads the build queue from the server while it works. The server is
 * the browser's `fetch`, answered here; time is the test's, so waits are counted, not slept.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureSession } from '../../src/client/sessionLost';
import { $toasts } from '../../src/client/toasts';
import type { PublishState } from '../../src/contract/writing';
import { $publishState, publishingStarted, watchPublishing } from '../../src/stores/publishStatus';

const building: PublishState = {
  state: 'building',
  step: '生成页面',
  percent: 40,
  queued_at: null,
  started_at: null,
  finished_at: null,
  error: null,
  builds: 1,
  page_live: null,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server answers each read with the next of `answers`, the last one again once they run out; answers when each read came. */
function serverAnswering(...answers: (() => Response)[]) {
  const readAt: number[] = [];
  vi.stubGlobal('fetch', async () => {
    readAt.push(Date.now());
    return answers[Math.min(readAt.length, answers.length) - 1]();
  });
  return readAt;
}

const working = () => json(200, { code: 0, message: '', result: building });
const serverError = () => json(500, { code: 500, message: '' });
const loggedOut = () => json(401, { code: 401, message: '请先登录' });

beforeEach(() => {
  vi.useFakeTimers();
  $toasts.set([]);
  $publishState.set(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the publish line', () => {
  it('reads each second while the queue works, and no more once the line has left the screen', async () => {
    const readAt = serverAnswering(working);
    const stop = watchPublishing();
    await vi.advanceTimersByTimeAsync(2500);
    expect(readAt).toHaveLength(3);
    expect($publishState.get()).toEqual(building);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(readAt).toHaveLength(3);
  });

  it('stops reading when the session has ended, without a notice or a trip to the login page', async () => {
    const sentToLogin = vi.fn();
    configureSession({ onUnauthorized: sentToLogin });
    const readAt = serverAnswering(working, loggedOut);
    const stop = watchPublishing();
    publishingStarted();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(readAt).toHaveLength(2);
    expect(sentToLogin).not.toHaveBeenCalled();
    expect($toasts.get()).toEqual([]);
    stop();
  });

  it('waits twice as long after each failed read, up to half a minute', async () => {
    const readAt = serverAnswering(working, serverError);
    const stop = watchPublishing();
    await vi.advanceTimersByTimeAsync(130_000);
    stop();
    const waits = readAt.slice(1).map((at, i) => at - readAt[i]);
    expect(waits.slice(0, 8)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    // The line keeps what it last knew while the server cannot say.
    expect($publishState.get()).toEqual(building);
  });
});

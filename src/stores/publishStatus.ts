/** The publish line of the console: what the build queue is doing, read every second while it works. */
import { atom } from 'nanostores';
import { call } from '../client/api';
import { WRITING_PUBLISH, WRITING_PUBLISH_STATE } from '../contract/routes';
import type { PublishState } from '../contract/writing';
import { RequestError } from '../lib/browser/request';

export const $publishState = atom<PublishState | null>(null);

const READ_EVERY_MS = 1000;
/** The longest wait between reads while they keep failing: the line catches up soon after the server does. */
const LONGEST_WAIT_MS = 30_000;

/** Numbers the watches: an answer that comes after a newer watch began, or after the watch ended, is dropped. */
let reading = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
/** The lines on screen: reads go on only while one shows them. */
let viewers = 0;

const working = (state: PublishState | null) => state?.state === 'queued' || state?.state === 'building';

/**
 * A refusal (the session ended, the account is no longer an admin's) answers the same however
 * often it is asked. A timeout, "busy, try later" (408, 429), a lost connection or a server error
 * may pass: a build keeps the server busy.
 */
const refused = (error: unknown) =>
  error instanceof RequestError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/** Each failure in a row doubles the wait, so a server that is down hears from the line, and the owner sees its notice, ever more rarely. */
const waitAfter = (failures: number) => Math.min(READ_EVERY_MS * 2 ** failures, LONGEST_WAIT_MS);

function stopReading(): void {
  reading++;
  if (timer) clearTimeout(timer);
  timer = null;
}

/** One read of the watch numbered `current`, after `failuresBefore` failed reads in a row; schedules the next while it is needed. */
async function read(current: number, failuresBefore: number): Promise<void> {
  let failures = failuresBefore;
  try {
    // Read in the background while a build runs: a session that ended meanwhile must not take the owner away from their typing.
    const state = (await call(WRITING_PUBLISH_STATE, undefined, { quiet401: true })).result ?? null;
    if (current !== reading) return;
    $publishState.set(state);
    failures = 0;
  } catch (error) {
    if (current !== reading || refused(error)) return;
    failures++;
  }
  if (viewers > 0 && working($publishState.get()))
    timer = setTimeout(() => void read(current, failures), waitAfter(failures));
}

/** Reads the state now, and goes on while the queue works and a line shows it. */
function readAgain(): void {
  stopReading();
  void read(reading, 0);
}

/** A line came on screen: reads the state now and follows the queue; answers the function that says the line is gone. */
export function watchPublishing(): () => void {
  viewers++;
  readAgain();
  let watching = true;
  return () => {
    if (!watching) return;
    watching = false;
    viewers--;
    if (viewers === 0) stopReading();
  };
}

/** A change that publishes was saved: the line says so at once (never the last build's 已发布), then follows the server. */
export function publishingStarted(): void {
  const state = $publishState.get();
  $publishState.set({
    ...(state ?? {
      step: '',
      percent: 0,
      queued_at: null,
      started_at: null,
      finished_at: null,
      error: null,
      builds: 0,
      page_live: null,
    }),
    state: 'queued',
    error: null,
  });
  readAgain();
}

/** 重新发布: a build now, whatever was saved. */
export async function publishNow(): Promise<void> {
  try {
    $publishState.set((await call(WRITING_PUBLISH)).result ?? null);
  } catch {
    // The request client has shown why; the line keeps what it knew.
  }
  readAgain();
}

/** The publish line of the console: what the build queue is doing, read every second while it works. */
import { atom } from 'nanostores';
import { writingApi } from '../client/writingApi';
import type { PublishState } from '../contract/writing';

export const $publishState = atom<PublishState | null>(null);
let timer: ReturnType<typeof setTimeout> | null = null;

const working = (state: PublishState | null) => state?.state === 'queued' || state?.state === 'building';

/** Reads the state now, and again each second until the queue is quiet. */
export async function watchPublishing(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  try {
    $publishState.set((await writingApi.publishState()).result ?? null);
  } catch {
    // The line keeps what it last knew; the next save asks again.
  }
  if (working($publishState.get())) timer = setTimeout(() => void watchPublishing(), 1000);
}

/** A change that publishes was saved: the line says so at once (never the last build's 已发布), then follows the server. */
export function publishingStarted(): void {
  const state = $publishState.get();
  $publishState.set({ ...(state ?? { step: '', percent: 0, queued_at: null, started_at: null, finished_at: null, error: null, builds: 0 }), state: 'queued', error: null });
  void watchPublishing();
}

/** 重新发布: a build now, whatever was saved. */
export async function publishNow(): Promise<void> {
  try {
    $publishState.set((await writingApi.publish()).result ?? null);
  } catch {
    // The request client has shown why; the line keeps what it knew.
  }
  void watchPublishing();
}

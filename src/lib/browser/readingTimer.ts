/**
 * Reading time: it runs only while the tab is visible and the article is on screen, and hands
 * out whole milliseconds to send (the unit the API takes), keeping the remainder for next time.
 */
import { MAX_READING_MS_PER_CALL } from '../../contract/limits.ts';

/** Less than this waits for the next take, so a quick switch of tabs does not cost a request. */
export const MIN_READING_MS_TO_SEND = 1000;

export interface ReadingTimer {
  setVisible(visible: boolean, now: number): void;
  setOnScreen(onScreen: boolean, now: number): void;
  /** Whole milliseconds read since the last take, once there is at least a second of them; 0 until then. */
  take(now: number): number;
}

export function createReadingTimer(now: number, { visible = true, onScreen = false } = {}): ReadingTimer {
  let tabVisible = visible;
  let articleOnScreen = onScreen;
  let runningSince: number | null = tabVisible && articleOnScreen ? now : null;
  let bankedMs = 0;

  const settle = (at: number) => {
    if (runningSince !== null) bankedMs += Math.max(0, at - runningSince);
    runningSince = tabVisible && articleOnScreen ? at : null;
  };

  return {
    setVisible(value, at) {
      settle(at);
      tabVisible = value;
      settle(at);
    },
    setOnScreen(value, at) {
      settle(at);
      articleOnScreen = value;
      settle(at);
    },
    take(at) {
      settle(at);
      if (bankedMs < MIN_READING_MS_TO_SEND) return 0;
      const ms = Math.floor(bankedMs);
      bankedMs -= ms;
      return ms;
    },
  };
}

/** The server takes 1 ms to an hour a call, so a long read goes in several. */
export function splitReading(ms: number): number[] {
  const parts: number[] = [];
  for (let left = Math.floor(ms); left > 0; left -= MAX_READING_MS_PER_CALL)
    parts.push(Math.min(left, MAX_READING_MS_PER_CALL));
  return parts;
}

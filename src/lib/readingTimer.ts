/**
 * Reading time: it runs only while the tab is visible and the article is on screen, and
 * hands out whole seconds to send, keeping the remainder for next time.
 */
export const MAX_SECONDS_PER_CALL = 3600;

export interface ReadingTimer {
  setVisible(visible: boolean, now: number): void;
  setOnScreen(onScreen: boolean, now: number): void;
  /** Whole seconds read since the last take; the fraction stays. */
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
      const seconds = Math.floor(bankedMs / 1000);
      bankedMs -= seconds * 1000;
      return seconds;
    },
  };
}

/** The server takes 1 to 3600 seconds a call, so a long read goes in several. */
export function splitSeconds(seconds: number): number[] {
  const parts: number[] = [];
  for (let left = Math.floor(seconds); left > 0; left -= MAX_SECONDS_PER_CALL) parts.push(Math.min(left, MAX_SECONDS_PER_CALL));
  return parts;
}

/**
 * LRC lyrics to timed lines (docs/api.md §8.2): `[mm:ss]`, `[mm:ss.x]`, `[mm:ss.xx]`,
 * `[mm:ss.xxx]` and `[mm:ss:xx]`; several time tags on a line; minutes of 100 or more;
 * `[offset:±ms]` applied; metadata tags and JSON credit lines skipped; empty lines kept as pauses.
 */
export interface LyricLine {
  /** Milliseconds from the start. */
  time: number;
  text: string;
}

const TIME_TAG = /\[(\d+):(\d{1,2})(?:[.:](\d{1,3}))?\]/g;
const LEADING_TAGS = /^(?:\s*\[\d+:\d{1,2}(?:[.:]\d{1,3})?\])+/;
const OFFSET = /^\s*\[offset:\s*([+-]?\d+)\s*\]\s*$/i;

function fractionToMs(fraction: string | undefined): number {
  if (!fraction) return 0;
  // .5 is 500 ms, .05 is 50 ms, .005 is 5 ms: the digits are a decimal fraction of a second.
  return Math.round(Number(`0.${fraction}`) * 1000);
}

export function parseLrc(text: string): LyricLine[] {
  let offset = 0;
  const lines: LyricLine[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const offsetMatch = OFFSET.exec(raw);
    if (offsetMatch) {
      offset = Number(offsetMatch[1]);
      continue;
    }
    const tags = LEADING_TAGS.exec(raw);
    if (!tags) continue; // metadata ([ti:], [ar:] …), JSON credit lines and plain text
    const lyric = raw.slice(tags[0].length).trim();
    for (const [, minutes, seconds, fraction] of tags[0].matchAll(TIME_TAG)) {
      lines.push({ time: Number(minutes) * 60_000 + Number(seconds) * 1000 + fractionToMs(fraction), text: lyric });
    }
  }
  // A positive offset shows lyrics earlier (the LRC convention).
  return lines
    .map((line) => ({ time: Math.max(0, line.time - offset), text: line.text }))
    .sort((a, b) => a.time - b.time);
}

/** The current line: the last one whose time is not later than now; -1 before the first. */
export function currentLyricIndex(times: readonly number[], nowMs: number): number {
  let low = 0;
  let high = times.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (times[mid] <= nowMs) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

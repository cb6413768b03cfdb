/**
 * How long ago, for what readers write (comments, board posts, notifications). Apart from
 * format.ts: that module goes with the article's counters, which hydrate as an article loads, and
 * the board's and comments' islands importing it would move it into their chunk (see
 * scripts/astro/chunkGroups.ts), which the article page would then fetch as well.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3秒前", "5分钟前", "2小时前", "4天前": the coarsest unit below the next threshold. */
export function relativeTime(then: Date | number, now: Date | number = Date.now()): string {
  const diff = Math.max(0, +now - +then);
  if (diff < MINUTE) return `${Math.floor(diff / 1000)}秒前`;
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  return `${Math.floor(diff / DAY)}天前`;
}

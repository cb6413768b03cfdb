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

/** 999 → "999", 1234 → "1.2k", 12345 → "1.2w". Rounds down so a count is never overstated. */
export function formatCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toFixed(1)}k`;
  return `${(Math.floor(n / 1000) / 10).toFixed(1)}w`;
}

/** Accumulated reading time from milliseconds: "45秒", "12分钟", "3.5小时". Rounds down, like counts. */
export function formatDuration(ms: number): string {
  if (ms < MINUTE) return `${Math.max(0, Math.floor(ms / 1000))}秒`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}分钟`;
  return `${(Math.floor(ms / (HOUR / 10)) / 10).toFixed(1)}小时`;
}

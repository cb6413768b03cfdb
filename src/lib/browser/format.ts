const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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

/**
 * Reading one environment variable: a malformed value stops the start with a message naming it.
 * (The console's 设置 are another thing: the owner's settings in the database.)
 */
export type Env = Record<string, string | undefined>;

/** A whole number of at least `min`, or `fallback` when unset. */
export function envWholeNumber(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} 必须是不小于 ${min} 的整数，现在是 ${raw}`);
  return value;
}

/** `on` or `off`, or `fallback` when unset. */
export function envOnOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new Error(`${name} 只能是 on 或 off，现在是 ${raw}`);
}

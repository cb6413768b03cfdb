/** The figures the benchmarks print from a list of measurements. */

/** The nearest-rank percentile (`share` 0.5 for p50, 0.99 for p99) of values sorted ascending; 0 for none. */
export const percentile = (sorted: readonly number[], share: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1))] : 0;

/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

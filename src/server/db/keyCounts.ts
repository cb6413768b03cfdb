/**
 * Many keys as one statement parameter, for the statements a batch runs once for all of its calls
 * (groupedWrites.ts, groupedBatch): a JSON object from each key to how many calls named it.
 * `json_each(?)` reads it as rows (`key`, `value`) on SQLite and on PostgreSQL alike, so the
 * statement's text stays one for both engines. (An array would not do: PostgreSQL's json_each takes
 * only objects.)
 */

export interface KeyCounts {
  /** How many times each key came. */
  counts: Map<string, number>;
  /** The same, as the parameter `json_each(?)` reads. */
  parameter: string;
}

export function keyCounts(keys: Iterable<string>): KeyCounts {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  // fromEntries makes every key an own property, `__proto__` included.
  return { counts, parameter: JSON.stringify(Object.fromEntries(counts)) };
}

/** A `json_each` row's count, as an integer on both engines: PostgreSQL's `value` is json, SQLite's a number. */
export const countOf = (row: string) => `CAST(CAST(${row}.value AS TEXT) AS INTEGER)`;

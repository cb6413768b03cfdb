/** Searching text columns for what someone typed: `%` and `_` are searched for as themselves. */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

export const contains = (column: AnyColumn, keyword: string): SQL =>
  // lower() on both sides: SQLite's LIKE ignores the case of ASCII letters, PostgreSQL's does not.
  sql`lower(${column}) LIKE ${`%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`;

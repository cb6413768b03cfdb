/** Searching text columns for what someone typed: `%` and `_` are searched for as themselves. */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

export const contains = (column: AnyColumn, keyword: string): SQL =>
  sql`${column} LIKE ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`;

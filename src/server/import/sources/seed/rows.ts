/**
 * The original blog's tables as plain rows, read in one consistent snapshot, and the few ways its
 * columns are read: Sequelize leaves NULL where a form sent nothing, older versions of the original
 * lack some tables and columns, and every datetime is Beijing time without a zone.
 */
import type { Connection, RowDataPacket } from 'mysql2/promise';
import type { LeftBehind } from '../../bundle.ts';

export type Row = Record<string, unknown>;

/** The tables whose rows come over, each as a list of rows in id order. */
export const READ_TABLES = [
  'blog_article',
  'blog_article_tag',
  'blog_category',
  'blog_tag',
  'blog_comment',
  'blog_like',
  'blog_message',
  'blog_talk',
  'blog_talk_photo',
  'blog_user',
  'blog_links',
  'blog_config',
] as const;

export type ReadTable = (typeof READ_TABLES)[number];

/** The tables we have no place for: only their row counts are read, for the report. */
export const COUNTED_TABLES = [
  'blog_photo_album',
  'blog_photo',
  'blog_header',
  'blog_chat',
  'blog_recommend',
  'blog_notify',
] as const;

export type CountedTable = (typeof COUNTED_TABLES)[number];

export interface SeedTables {
  rows: Record<ReadTable, Row[]>;
  counts: Record<CountedTable, number>;
  /** Tables of READ_TABLES the database does not have (an older version of the original). */
  missing: ReadTable[];
}

/** Where in the original a row is, for the report. */
export const rowWhere = (table: string, id: unknown): string => `${table}（id ${String(id)}）`;

export const leftBehindRow = (table: string, row: Row, reason: string): LeftBehind => ({
  where: rowWhere(table, row.id),
  reason,
});

/** The names of the tables in the connection's database, in lower case. */
async function tablesPresent(connection: Connection): Promise<Set<string>> {
  const [rows] = await connection.query<RowDataPacket[]>(
    'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()',
  );
  return new Set(rows.map((row) => String(row.name).toLowerCase()));
}

/**
 * Reads every table in one read-only transaction with a consistent snapshot: a blog that is still
 * online keeps taking comments and likes, and a like must not arrive without the comment it likes.
 * Table names are constants of this file, never input, so they are written into the text.
 */
export async function readTables(connection: Connection): Promise<SeedTables> {
  await connection.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
  try {
    const present = await tablesPresent(connection);
    const missing = READ_TABLES.filter((table) => !present.has(table));
    const rows = {} as Record<ReadTable, Row[]>;
    for (const table of READ_TABLES) {
      rows[table] = present.has(table)
        ? (await connection.query<RowDataPacket[]>(`SELECT * FROM \`${table}\` ORDER BY id`))[0]
        : [];
    }
    const counts = {} as Record<CountedTable, number>;
    for (const table of COUNTED_TABLES) {
      counts[table] = present.has(table)
        ? Number((await connection.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${table}\``))[0][0].n)
        : 0;
    }
    return { rows, counts, missing };
  } finally {
    await connection.query('COMMIT');
  }
}

/** A whole number from an int column; `fallback` for NULL, a missing column or anything unreadable. */
export function int(value: unknown, fallback = 0): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? Math.trunc(number) : fallback;
}

/** A number from a double column, as is; `fallback` as for `int`. */
export function float(value: unknown, fallback = 0): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
}

/** The text of a varchar or text column; `''` for NULL or a missing column. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return '';
}

/** The id a column points at, or null for NULL and 0 (Sequelize's "none"). */
export function reference(value: unknown): number | null {
  const id = int(value, 0);
  return id > 0 ? id : null;
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/;
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * A datetime column (read as text: the driver would take it as this machine's local time) as the
 * moment it names in Beijing time. Null for NULL, MySQL's zero date and anything unreadable.
 */
export function beijingTime(value: unknown): Date | null {
  const match = DATETIME.exec(text(value));
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction = '0'] = match;
  if (Number(year) === 0 || Number(month) === 0 || Number(day) === 0) return null;
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Math.floor(Number(fraction.padEnd(3, '0').slice(0, 3))),
  );
  return new Date(utc - BEIJING_OFFSET_MS);
}

/**
 * When a row was made: `createdAt`, else `updatedAt`. Sequelize always sets both, so the Unix epoch
 * is only for rows written by hand without them, and keeps a second read the same as the first.
 */
export const createdOf = (row: Row): Date => beijingTime(row.createdAt) ?? beijingTime(row.updatedAt) ?? new Date(0);

/**
 * Copies a SQLite database into an empty PostgreSQL one (`npm run db:copy`), then proves the copy:
 * every table's row count, and a checksum of its rows as each engine's drizzle reads them (so a
 * timestamp that SQLite keeps in seconds and PostgreSQL as timestamptz sums the same).
 *
 * The copy is one transaction: a copy that fails leaves the target empty. Ids are kept, and each
 * identity sequence is moved past the largest, so new rows do not collide with copied ones.
 */
import { createClient } from '@libsql/client';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import { migrate as migrateLibsql } from 'drizzle-orm/libsql/migrator';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as liteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { openPostgresDatabase } from '../../src/server/db/postgres.ts';
import * as pgSchema from '../../src/server/db/schema.pg.ts';
import * as liteSchema from '../../src/server/db/schema.sqlite.ts';
import { PROJECT_ROOT } from '../../src/server/projectRoot.ts';

/** Rows inserted per statement: well under PostgreSQL's 65535 parameters for the widest table. */
const BATCH = 500;

type TableName = keyof typeof liteSchema & keyof typeof pgSchema;

export interface TableCopy {
  table: string;
  rows: number;
  /** sha256 of the rows (checksum below), on each side. */
  source: string;
  target: string;
}

const tableNames = (): TableName[] =>
  (Object.keys(liteSchema) as TableName[]).filter((name) => is(liteSchema[name], SQLiteTable));

/** Tables in an order where each comes after those its foreign keys point to. */
function parentsFirst(names: TableName[]): TableName[] {
  const byTable = new Map(names.map((name) => [getTableName(liteSchema[name] as SQLiteTable), name]));
  const ordered: TableName[] = [];
  const visit = (name: TableName, path: Set<TableName>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const key of liteConfig(liteSchema[name] as SQLiteTable).foreignKeys) {
      const parent = byTable.get(getTableName(key.reference().foreignTable));
      if (parent && parent !== name) visit(parent, path);
    }
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

/** A row in words both engines agree on: Dates as milliseconds, values in column order. */
const canonical = (row: Record<string, unknown>, keys: string[]) =>
  JSON.stringify(keys.map((key) => (row[key] instanceof Date ? +(row[key] as Date) : row[key])));

/** sha256 of a table's rows, sorted here: the engines' collations may order text keys differently. */
const checksum = (rows: Record<string, unknown>[], keys: string[]) =>
  createHash('sha256')
    .update(
      rows
        .map((row) => canonical(row, keys))
        .sort()
        .join('\n'),
    )
    .digest('hex');

export async function copySqliteToPostgres(sourceUrl: string, targetUrl: string): Promise<TableCopy[]> {
  const client = createClient({ url: sourceUrl });
  const source = drizzleLibsql(client, { schema: liteSchema });
  const target = openPostgresDatabase(targetUrl);
  try {
    // Both at the newest schema: the copy maps table to table.
    await migrateLibsql(source, { migrationsFolder: join(PROJECT_ROOT, 'drizzle') });
    await target.migrate();
    const names = parentsFirst(tableNames());
    for (const name of names) {
      const [{ n }] = await target.db.select({ n: sql<number>`count(*)::int` }).from(pgSchema[name] as PgTable);
      if (n > 0)
        throw new Error(
          `目标数据库不是空的：表 ${getTableName(pgSchema[name] as PgTable)} 已有 ${n} 行。请换一个新建的空数据库`,
        );
    }
    const copying = target.db.transaction(async (tx) => {
      // The daily-view triggers would count the copied views again, as today's.
      await tx.execute(sql`ALTER TABLE article_stats DISABLE TRIGGER USER`);
      for (const name of names) {
        const rows = await source.select().from(liteSchema[name] as SQLiteTable);
        for (let at = 0; at < rows.length; at += BATCH) {
          await tx.insert(pgSchema[name] as PgTable).values(rows.slice(at, at + BATCH));
        }
        const table = pgConfig(pgSchema[name] as PgTable);
        for (const column of table.columns.filter((c) => c.generatedIdentity)) {
          await tx.execute(
            sql`SELECT setval(pg_get_serial_sequence(${table.name}, ${column.name}), coalesce((SELECT max(${sql.identifier(column.name)}) FROM ${sql.identifier(table.name)}), 0) + 1, false)`,
          );
        }
      }
      await tx.execute(sql`ALTER TABLE article_stats ENABLE TRIGGER USER`);
    });
    await copying.catch((error: Error) => {
      throw new Error(`复制没有完成，目标数据库里没有留下任何复制的数据：${error.message}`);
    });
    const checks: TableCopy[] = [];
    for (const name of names) {
      const lite = liteSchema[name] as SQLiteTable;
      const keys = Object.keys(getTableColumns(lite));
      const sourceRows = await source.select().from(lite);
      const targetRows = await target.db.select().from(pgSchema[name] as PgTable);
      if (sourceRows.length !== targetRows.length) {
        throw new Error(
          `表 ${getTableName(lite)} 的行数不一致：SQLite ${sourceRows.length} 行，PostgreSQL ${targetRows.length} 行`,
        );
      }
      checks.push({
        table: getTableName(lite),
        rows: sourceRows.length,
        source: checksum(sourceRows, keys),
        target: checksum(targetRows, keys),
      });
    }
    return checks;
  } finally {
    client.close();
    await target.close();
  }
}

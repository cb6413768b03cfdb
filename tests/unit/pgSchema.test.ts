// The PostgreSQL mirror (schema.pg.ts) against schema.sqlite.ts: the domain code is typed by the SQLite
// tables and handed the pg ones on PostgreSQL, so every table must have the same rows. The
// `expectTypeOf` lines are checked by `npm run check` (tsc), the rest by vitest.
import { getTableName, is, type InferInsertModel, type InferSelectModel, type Table } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as liteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as pg from '../../src/server/db/schema.pg';
import * as lite from '../../src/server/db/schema.sqlite';
import * as engineTables from '../../src/server/db/schema';

type TableNames<M> = { [K in keyof M]: M[K] extends Table ? K : never }[keyof M];
type Rows<M> = {
  [K in TableNames<M>]: M[K] extends Table ? { select: InferSelectModel<M[K]>; insert: InferInsertModel<M[K]> } : never;
};

describe('the PostgreSQL schema mirrors the SQLite one', () => {
  it('has the same row types, table by table', () => {
    // All at once, so a table added to one schema only fails here too.
    expectTypeOf<TableNames<typeof pg>>().toEqualTypeOf<TableNames<typeof lite>>();
    expectTypeOf<Rows<typeof pg>>().toEqualTypeOf<Rows<typeof lite>>();
  });

  const liteTables = Object.entries(lite as Record<string, unknown>).filter((entry): entry is [string, SQLiteTable] =>
    is(entry[1], SQLiteTable),
  );
  const pgTables = new Map(
    Object.entries(pg as Record<string, unknown>).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable)),
  );

  it('exports the same tables', () => {
    expect(liteTables).toHaveLength(28);
    expect([...pgTables.keys()].sort()).toEqual(liteTables.map(([name]) => name).sort());
  });

  it('hands the domains every table, through schema.ts', () => {
    expect(Object.keys(engineTables).sort()).toEqual(liteTables.map(([name]) => name).sort());
  });

  /** What both engines must agree on, in words that do not depend on the engine. */
  const shape = (config: ReturnType<typeof liteConfig> | ReturnType<typeof pgConfig>) => ({
    name: config.name,
    columns: Object.fromEntries(
      config.columns.map((c) => [
        c.name,
        { notNull: c.notNull, primary: c.primary, unique: c.isUnique, hasDefault: c.hasDefault },
      ]),
    ),
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
    indexes: config.indexes.map((i) => `${i.config.unique ? 'unique ' : ''}${i.config.name}`).sort(),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const { columns, foreignTable, foreignColumns } = fk.reference();
        return `${columns.map((c) => c.name)} -> ${getTableName(foreignTable)}(${foreignColumns.map((c) => c.name)}) on delete ${fk.onDelete ?? 'no action'}`;
      })
      .sort(),
  });

  it.each(liteTables)('%s has the same SQL name, columns, keys and indexes', (name, table) => {
    const mirror = pgTables.get(name);
    expect(mirror).toBeDefined();
    expect(shape(pgConfig(mirror!))).toEqual(shape(liteConfig(table)));
  });
});

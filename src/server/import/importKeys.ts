/**
 * The keys imports brought over, with the id each was given here (the `imported_keys` table): what
 * makes running an import again bring only what is new.
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { importedKeys } from '../db/schema.ts';

/** Chunks of keys per query: far under every engine's limit on bound parameters. */
const CHUNK = 500;

export async function knownKeys(db: Executor, keys: readonly string[]): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  const unique = [...new Set(keys)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const rows = await db
      .select({ key: importedKeys.key, localId: importedKeys.localId })
      .from(importedKeys)
      .where(inArray(importedKeys.key, unique.slice(start, start + CHUNK)));
    for (const row of rows) known.set(row.key, row.localId);
  }
  return known;
}

export async function rememberKey(db: Executor, key: string, localId: number): Promise<void> {
  await db.insert(importedKeys).values({ key, localId }).onConflictDoNothing();
}

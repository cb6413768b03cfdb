/**
 * The history of each article and talk: the file as it was before each save through the console;
 * and, ahead of a live article's file, the edits kept without publishing them (workingCopies.ts).
 */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentVersions } from '../db/schema.ts';
import type { ContentKind } from './sourceFiles.ts';
import { createWorkingCopies } from './workingCopies.ts';

export const CONTENT_VERSIONS_KEPT = 20;

export interface ContentVersion {
  id: number;
  source: string;
  savedAt: Date;
}

export function createVersions(db: Db) {
  return {
    workingCopies: createWorkingCopies(db),
    /** Keeps `source` as a version of the content, then drops all but the newest kept ones. */
    async keep(
      kind: ContentKind,
      contentId: number,
      source: string,
      savedBy: number | null,
      now = Date.now(),
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(contentVersions).values({ kind, contentId, source, savedAt: now, savedBy });
        const newest = await tx
          .select({ id: contentVersions.id })
          .from(contentVersions)
          .where(and(eq(contentVersions.kind, kind), eq(contentVersions.contentId, contentId)))
          .orderBy(desc(contentVersions.savedAt), desc(contentVersions.id))
          .limit(CONTENT_VERSIONS_KEPT);
        await tx.delete(contentVersions).where(
          and(
            eq(contentVersions.kind, kind),
            eq(contentVersions.contentId, contentId),
            notInArray(
              contentVersions.id,
              newest.map((v) => v.id),
            ),
          ),
        );
      });
    },
    /** Newest first. */
    async list(kind: ContentKind, contentId: number): Promise<ContentVersion[]> {
      const rows = await db
        .select()
        .from(contentVersions)
        .where(and(eq(contentVersions.kind, kind), eq(contentVersions.contentId, contentId)))
        .orderBy(desc(contentVersions.savedAt), desc(contentVersions.id));
      return rows.map((row) => ({ id: row.id, source: row.source, savedAt: new Date(row.savedAt) }));
    },
    async one(kind: ContentKind, contentId: number, id: number): Promise<ContentVersion | null> {
      const [row] = await db
        .select()
        .from(contentVersions)
        .where(
          and(eq(contentVersions.kind, kind), eq(contentVersions.contentId, contentId), eq(contentVersions.id, id)),
        );
      return row ? { id: row.id, source: row.source, savedAt: new Date(row.savedAt) } : null;
    },
    async forget(kind: ContentKind, contentId: number): Promise<void> {
      await db
        .delete(contentVersions)
        .where(and(eq(contentVersions.kind, kind), eq(contentVersions.contentId, contentId)));
    },
  };
}

export type Versions = ReturnType<typeof createVersions>;

/**
 * Unpublished edits to live articles (暂存修改), one per article, kept in the database beside the
 * file: the build never reads them, so the live page stays as it is until 更新 writes them.
 */
import { eq } from 'drizzle-orm';
import type { ArticleDraft } from '../../contract/writing.ts';
import type { Db } from '../db/client.ts';
import { articleWorkingCopies } from '../db/schema.ts';

export interface WorkingCopy {
  fields: ArticleDraft;
  baseRevision: string;
  savedAt: Date;
}

export function createWorkingCopies(db: Db) {
  return {
    async get(articleId: number): Promise<WorkingCopy | null> {
      const [row] = await db.select().from(articleWorkingCopies).where(eq(articleWorkingCopies.articleId, articleId));
      return row
        ? {
            fields: JSON.parse(row.fields) as ArticleDraft,
            baseRevision: row.baseRevision,
            savedAt: new Date(row.savedAt),
          }
        : null;
    },
    /** Keeps `fields` as the article's working copy, in place of any earlier one. */
    async put(
      articleId: number,
      fields: ArticleDraft,
      baseRevision: string,
      savedBy: number | null,
      now = Date.now(),
    ): Promise<void> {
      const row = { fields: JSON.stringify(fields), baseRevision, savedAt: now, savedBy };
      await db
        .insert(articleWorkingCopies)
        .values({ articleId, ...row })
        .onConflictDoUpdate({ target: articleWorkingCopies.articleId, set: row });
    },
    async clear(articleId: number): Promise<void> {
      await db.delete(articleWorkingCopies).where(eq(articleWorkingCopies.articleId, articleId));
    },
  };
}

export type WorkingCopies = ReturnType<typeof createWorkingCopies>;

/**
 * The owner's comment rules, kept in the settings table so the console changes them without a
 * restart. They are read from the database on every use, so every server process on this
 * database follows a change at once; a comment is rare next to the pages around it.
 */
import { eq } from 'drizzle-orm';
import { commentRules, DEFAULT_COMMENT_RULES, type CommentRules } from '../../contract/commentRules.ts';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

const KEY = 'comments';

export function createCommentRules(db: Db) {
  return {
    async get(): Promise<CommentRules> {
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).limit(1);
      if (!row) return { ...DEFAULT_COMMENT_RULES };
      // Kept after the same check; a field missing from an older value takes its default.
      try {
        return commentRules.parse(JSON.parse(row.value));
      } catch {
        return { ...DEFAULT_COMMENT_RULES };
      }
    },

    /** The caller has checked the rules (routes validate them). */
    async set(rules: CommentRules): Promise<CommentRules> {
      const value = JSON.stringify(rules);
      await db
        .insert(settings)
        .values({ key: KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
      return rules;
    },
  };
}

export type CommentRuleStore = ReturnType<typeof createCommentRules>;

/** Every table, in one place. Each domain module owns the queries on its own tables. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const createdAt = () => integer('created_at', { mode: 'timestamp' }).notNull().default(sql`(unixepoch())`);

/** Live counters of an article; the article itself is content, built from Markdown. */
export const articleStats = sqliteTable(
  'article_stats',
  {
    articleId: integer('article_id').primaryKey(),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    readingSeconds: integer('reading_seconds').notNull().default(0),
  },
  (t) => [index('article_stats_views_idx').on(t.views)],
);

/** One row per like, so a second like of the same target by the same reader is recognised. */
export const likes = sqliteTable(
  'likes',
  {
    type: text('type', { enum: ['article', 'talk', 'message', 'comment'] }).notNull(),
    targetId: integer('target_id').notNull(),
    /** `user:<id>` when logged in, `ip:<address>` otherwise. */
    actor: text('actor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.type, t.targetId, t.actor] })],
);

/** Site-wide counters by name (`views`). */
export const siteStats = sqliteTable('site_stats', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

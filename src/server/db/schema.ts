/** Every table, in one place. Each domain module owns the queries on its own tables. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () => integer('created_at', { mode: 'timestamp' }).notNull().default(sql`(unixepoch())`);

/** Live counters of an article; the article itself is content, built from Markdown. */
export const articleStats = sqliteTable(
  'article_stats',
  {
    articleId: integer('article_id').primaryKey(),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    /** Milliseconds, as the original front end sends and shows them. */
    readingMs: integer('reading_ms').notNull().default(0),
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

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickName: text('nick_name').notNull(),
    avatar: text('avatar').notNull().default(''),
    role: text('role', { enum: ['admin', 'user'] }).notNull().default('user'),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp' }).notNull().default(sql`(unixepoch())`),
  },
  // Usernames are unique regardless of case, so "Alice" cannot pose as "alice".
  (t) => [uniqueIndex('users_username_unique').on(sql`lower(${t.username})`)],
);

/** Logins. Only a hash of each token is kept, so a leaked database cannot be replayed as sessions. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Where a user has logged in successfully before: `ip:<address>` or `device:<hash of the device
 * cookie>`. While a username is under attack, logins from these places are still let through.
 */
export const knownLogins = sqliteTable(
  'known_logins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    place: text('place').notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp' }).notNull().default(sql`(unixepoch())`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.place] })],
);

/** Every uploaded file and who uploaded it, for the daily quota and for cleaning up replaced files. */
export const uploads = sqliteTable(
  'uploads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The public path, `/uploads/<name>`. */
    path: text('path').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_created_idx').on(t.userId, t.createdAt)],
);

/** Every table, in one place. Each domain module owns the queries on its own tables. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { CommentTargetCode } from '../../contract/comments.ts';
import type { LinkStatusCode } from '../../contract/links.ts';
import type { NotificationTypeCode } from '../../contract/notifications.ts';
import type { RoleCode } from '../../contract/users.ts';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp' })
    .notNull()
    .default(sql`(unixepoch())`);

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
    /** The reader who liked, as src/server/api/actor.ts tells readers apart. */
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
    /** 1 admin, 2 user: the numbers the original front end reads (src/contract/users.ts). */
    role: integer('role').$type<RoleCode>().notNull().default(2),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp' })
      .notNull()
      .default(sql`(unixepoch())`),
    /** The address the user gave; mail goes to it only once it is verified. */
    email: text('email'),
    emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp' }),
    /** Opt-outs of notification mail: a reply to my comment; for admins, what needs the owner. */
    mailOnReply: integer('mail_on_reply', { mode: 'boolean' }).notNull().default(true),
    mailOnOwnerEvents: integer('mail_on_owner_events', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [
    // Usernames are unique regardless of case, so "Alice" cannot pose as "alice".
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    // A verified address belongs to one account, so a reset link can only go to one.
    uniqueIndex('users_verified_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} IS NOT NULL`),
  ],
);

/**
 * Single-use links mailed to a user or handed over by the owner: `reset` sets a new password,
 * `verify` proves an address. Only a hash of each token is kept, like sessions.
 */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'verify', 'undoEmail'] }).notNull(),
    /** The address a `verify` token proves, or the one an `undoEmail` token puts back. */
    email: text('email'),
    expiresAt: integer('expires_at', { mode: 'timestamp' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose, t.createdAt)],
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
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp' })
      .notNull()
      .default(sql`(unixepoch())`),
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
    /** The uploader's address key (see addressKey): the day's quota counts per address too, so new accounts bring no fresh quota. */
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user_created_idx').on(t.userId, t.createdAt),
    index('uploads_address_created_idx').on(t.address, t.createdAt),
  ],
);

/**
 * Comments on an article, a talk or a message-board post (`type` 1, 2, 3). Two levels: a reply
 * keeps its root's id in `parent_id` and the person it answers in `to_user_id`.
 */
/**
 * Addresses guests left with a comment. One gets no mail but the one asking whether it is theirs
 * until its link is opened; then replies to that guest's comments reach it.
 */
export const guestAddresses = sqliteTable('guest_addresses', {
  /** Lower case: one mailbox, however it was typed. */
  email: text('email').primaryKey(),
  /** The asking mail's link, until it is opened. */
  tokenHash: text('token_hash').unique(),
  askedAt: integer('asked_at', { mode: 'timestamp' }),
  confirmedAt: integer('confirmed_at', { mode: 'timestamp' }),
});

export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: integer('type').$type<CommentTargetCode>().notNull(),
    forId: integer('for_id').notNull(),
    parentId: integer('parent_id'),
    /** The writer's account; null for a guest (a comment without an account, `guest_*` below). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A reply to a guest: their name as it was, and the comment replied to (for the reply mail), since they have no account. */
    toGuestName: text('to_guest_name'),
    toCommentId: integer('to_comment_id'),
    guestName: text('guest_name'),
    /** For reply mail only; never shown. */
    guestEmail: text('guest_email'),
    guestSite: text('guest_site'),
    /** A hash of the guest's reader cookie, so their held comment shows to them alone. */
    guestDevice: text('guest_device'),
    content: text('content').notNull(),
    /** Waiting for the owner (the moderation rule or a keyword): shown only to its writer and the owner. */
    held: integer('held', { mode: 'boolean' }).notNull().default(false),
    /** Kept beside the likes table's rows, so the hot order is one indexed sort. */
    likes: integer('likes').notNull().default(0),
    /** Hidden by an admin: kept, but shown to nobody. */
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    /** Where the writer was, as readers are shown it (IP 属地: a province, or a country): never the address. */
    ipLocation: text('ip_location').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_target_idx').on(t.type, t.forId, t.parentId, t.createdAt),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    index('comments_held_idx')
      .on(t.held)
      .where(sql`${t.held} = 1`),
    index('comments_user_idx').on(t.userId),
  ],
);

/** Message-board posts, each with the look its author chose. Style values are checked on the way in. */
export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    color: text('color').notNull().default(''),
    fontSize: text('font_size').notNull().default(''),
    fontWeight: text('font_weight').notNull().default(''),
    bgColor: text('bg_color').notNull().default(''),
    bgUrl: text('bg_url').notNull().default(''),
    tag: text('tag').notNull().default(''),
    likes: integer('likes').notNull().default(0),
    /** Hidden by an admin: kept, but shown to nobody. */
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    /** As for comments: the poster's IP 属地, never the address. */
    ipLocation: text('ip_location').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp' })
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [
    index('messages_created_idx').on(t.createdAt),
    index('messages_tag_idx').on(t.tag, t.createdAt),
    index('messages_user_idx').on(t.userId),
  ],
);

/** Live counters of a talk; the talk itself is content, built from Markdown. */
export const talkStats = sqliteTable('talk_stats', {
  talkId: integer('talk_id').primaryKey(),
  likes: integer('likes').notNull().default(0),
});

/**
 * What happened that concerns a user. `message` is HTML the server built from escaped parts;
 * `type` and `to_id` say where its jump button goes.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    type: integer('type').$type<NotificationTypeCode>().notNull(),
    toId: integer('to_id').notNull(),
    viewed: integer('viewed', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    /** Which opt-out governs mailing this notification; null: never mailed. */
    mail: text('mail', { enum: ['reply', 'owner'] }),
    /** When its mail was handled (sent, or skipped for no verified address or an opt-out). */
    mailedAt: integer('mailed_at', { mode: 'timestamp' }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.viewed, t.createdAt),
    index('notifications_mail_idx')
      .on(t.mailedAt)
      .where(sql`${t.mail} IS NOT NULL`),
  ],
);

/**
 * Orders of the shop. The amount, names, days and machine limit are copied from the product file
 * when the order is made, so a later price change never alters what a buyer was asked to pay.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Random and unguessable; the buyer writes it in a manual payment's note. */
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    product: text('product').notNull(),
    plan: text('plan').notNull(),
    productName: text('product_name').notNull(),
    planName: text('plan_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Null for a lifetime plan. */
    days: integer('days'),
    maxMachines: integer('max_machines').notNull(),
    provider: text('provider', { enum: ['manual', 'epay'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'fulfilled', 'expired', 'refunded'] })
      .notNull()
      .default('pending'),
    /** The provider's own number for the payment. */
    tradeNo: text('trade_no'),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp' }).notNull(),
    paidAt: integer('paid_at', { mode: 'timestamp' }),
    refundedAt: integer('refunded_at', { mode: 'timestamp' }),
    /** When the provider was last asked about this order, so a buyer's page cannot flood it. */
    queriedAt: integer('queried_at', { mode: 'timestamp' }),
    /** When the buyer said 我已付款 for a manual payment: from then on it waits for the owner, up to REPORTED_WAIT_DAYS. */
    buyerPaidAt: integer('buyer_paid_at', { mode: 'timestamp' }),
  },
  (t) => [
    uniqueIndex('orders_order_no_unique').on(t.orderNo),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * One license per fulfilled order. Only the key's hash is kept: the key is signed again from these
 * fields when its buyer asks (Ed25519 signatures are deterministic), so the database alone holds no key.
 */
export const licenses = sqliteTable(
  'licenses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    keyHash: text('key_hash').notNull(),
    product: text('product').notNull(),
    plan: text('plan').notNull(),
    maxMachines: integer('max_machines').notNull(),
    /** ISO 8601, exactly as signed into the key. */
    issuedAt: text('issued_at').notNull(),
    expiresAt: text('expires_at'),
    revokedAt: integer('revoked_at', { mode: 'timestamp' }),
  },
  (t) => [
    uniqueIndex('licenses_order_unique').on(t.orderId),
    uniqueIndex('licenses_key_hash_unique').on(t.keyHash),
    index('licenses_user_idx').on(t.userId),
  ],
);

/** The machines a license is activated on, by the fingerprint the desktop tool sends. */
/**
 * Each time a key freed one of its machines, for the limit on how often it may (README, 商店与授权码):
 * without it, a one-machine key could hand out 7-day offline machine files without end.
 */
export const licenseDeactivations = sqliteTable(
  'license_deactivations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('license_deactivations_license_at_idx').on(t.licenseId, t.at)],
);

export const licenseMachines = sqliteTable(
  'license_machines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    name: text('name').notNull().default(''),
    activatedAt: createdAt(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp' })
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [uniqueIndex('license_machines_unique').on(t.licenseId, t.fingerprint)],
);

/**
 * Payments the shop accepted: provider notices, answers to a query, and the owner's confirmations.
 * `flagged` marks money that came for an order no longer payable (expired), for the owner to settle.
 * Refused notices are logged, never stored: a forged notice must not change the database.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    source: text('source', { enum: ['notice', 'query', 'admin'] }).notNull(),
    tradeNo: text('trade_no'),
    amountCents: integer('amount_cents').notNull(),
    flagged: integer('flagged', { mode: 'boolean' }).notNull().default(false),
    /** The admin who confirmed, for `admin`. */
    actorId: integer('actor_id'),
    /** The notice as received, signature removed, for the owner to check. */
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('payments_order_idx').on(t.orderId), index('payments_flagged_idx').on(t.flagged, t.createdAt)],
);

/** Download entries: applied for by users, listed once an admin approves them (1 pending, 2 approved, 3 rejected). */
export const links = sqliteTable(
  'links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteName: text('site_name').notNull(),
    siteDesc: text('site_desc').notNull(),
    siteAvatar: text('site_avatar').notNull().default(''),
    url: text('url').notNull(),
    status: integer('status').$type<LinkStatusCode>().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp' })
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [index('links_status_idx').on(t.status, t.createdAt), index('links_user_idx').on(t.userId)],
);

/** What admins did, newest last; the dashboard shows the latest. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id').notNull(),
    /** What was done, such as `comment.delete` or `order.refund`. */
    action: text('action').notNull(),
    /** What it was done to, such as `comment:12` or `order:2026…`. */
    target: text('target').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/**
 * Request budgets (rate limits), shared by every server process on this database: `key` names the
 * limit and the client, `hits` counts requests in the window that ends at `reset_at` (milliseconds).
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: integer('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Failed password attempts, shared by every server process on this database (users/loginGuard.ts):
 * per address, per username and, for password changes, per user. `entry` is the rule's state as
 * JSON; `expires_at` (milliseconds) is when the rule forgets it.
 */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    kind: text('kind', { enum: ['address', 'username', 'password'] }).notNull(),
    key: text('key').notNull(),
    entry: text('entry').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index('login_failures_expires_idx').on(t.expiresAt)],
);

/**
 * Earlier versions of the owner's Markdown files: every save through the console keeps the file as
 * it was, and the newest CONTENT_VERSIONS_KEPT of each are kept (README, 站长的日常).
 */
export const contentVersions = sqliteTable(
  'content_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['articles', 'talks'] }).notNull(),
    contentId: integer('content_id').notNull(),
    /** The whole file: front matter and body. */
    source: text('source').notNull(),
    /** Milliseconds, so two saves within a second keep their order. */
    savedAt: integer('saved_at').notNull(),
    savedBy: integer('saved_by'),
  },
  (t) => [index('content_versions_content_idx').on(t.kind, t.contentId, t.savedAt)],
);

/**
 * Edits to a live article kept without publishing them (暂存修改): the editor's fields, ahead of the
 * file readers see, until 更新 writes them into it or 撤下 takes them into the draft. One per article.
 */
export const articleWorkingCopies = sqliteTable('article_working_copies', {
  articleId: integer('article_id').primaryKey(),
  /** The editor's fields as JSON (`ArticleDraft`). */
  fields: text('fields').notNull(),
  /** The file's revision the edits started from: a hand edit since is met as a conflict on 更新. */
  baseRevision: text('base_revision').notNull(),
  /** Milliseconds. */
  savedAt: integer('saved_at').notNull(),
  savedBy: integer('saved_by'),
});

/**
 * Article views per day of the site's calendar, for the console's chart. Kept by triggers on
 * `article_stats` (drizzle/0009_daily_views.sql), inside the statement that counts the view: the
 * view path makes no extra round trip and no extra commit.
 */
export const dailyViews = sqliteTable('daily_views', {
  /** YYYY-MM-DD in Asia/Shanghai (UTC+8 all year). */
  day: text('day').primaryKey(),
  views: integer('views').notNull().default(0),
});

/** The owner's settings changed from the console at run time, one JSON value per key (e.g. `comments`). */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp' })
    .notNull()
    .default(sql`(unixepoch())`),
});

/**
 * Builds of the site, shared by every server on the database (writing/builds.ts): when a build was
 * last asked for, which asks the last finished build covered, and which server holds the builder's
 * lease, so exactly one builds at a time. Times in milliseconds; one row, `site`.
 */
export const siteBuilds = sqliteTable('site_builds', {
  name: text('name').primaryKey(),
  wantedAt: integer('wanted_at').notNull().default(0),
  /** Asks up to this moment are in a finished build: the moment that build started. */
  coveredAt: integer('covered_at').notNull().default(0),
  /** The server holding the lease, or '' for none. */
  builder: text('builder').notNull().default(''),
  leaseUntil: integer('lease_until').notNull().default(0),
  /** The builder's status line (`PublishState` as JSON), for the console on every server. */
  state: text('state'),
});

/**
 * What imports brought over (src/server/import): each thing's key in its source (`seed:article:12`,
 * `hexo:2023/foo.md`) and the id it was given here, so running an import again brings only what is new.
 */
export const importedKeys = sqliteTable('imported_keys', {
  key: text('key').primaryKey(),
  localId: integer('local_id').notNull(),
  createdAt: createdAt(),
});

/**
 * Every table, as the domains import them: this process's engine's (engine.ts). The tables are
 * declared once per engine, in schema.sqlite.ts and schema.pg.ts, with the same names and the same
 * rows (tests/unit/pgSchema.test.ts), so the domains are typed by the SQLite declarations and run
 * on either. Each domain module owns the queries on its own tables.
 */
import { PROCESS_ENGINE } from './engine.ts';
import type * as sqlite from './schema.sqlite.ts';

// Only this engine's are loaded: a SQLite server never loads drizzle's PostgreSQL half.
const tables = (PROCESS_ENGINE === 'postgres'
  ? await import('./schema.pg.ts')
  : await import('./schema.sqlite.ts')) as unknown as typeof sqlite;

export const {
  articleStats,
  likes,
  siteStats,
  users,
  accountTokens,
  sessions,
  knownLogins,
  uploads,
  guestAddresses,
  comments,
  messages,
  talkStats,
  notifications,
  orders,
  licenses,
  licenseDeactivations,
  licenseMachines,
  payments,
  links,
  auditLog,
  rateLimits,
  loginFailures,
  contentVersions,
  articleWorkingCopies,
  dailyViews,
  settings,
  siteBuilds,
  importedKeys,
} = tables;

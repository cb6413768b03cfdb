import { defineConfig } from 'vitest/config';

/**
 * The API and domain tests that also run on PostgreSQL: everything a reader or the owner does that
 * the database keeps. The rest run on SQLite only: they test the pages, the build, the music, the
 * connection limits and the files, none of which the engine changes, or SQLite itself (its file,
 * write turns, group-commit thread, backup).
 */
const ON_BOTH_ENGINES = [
  'tests/integration/api-accounts.test.ts',
  'tests/integration/api-admin.test.ts',
  'tests/integration/api-articles.test.ts',
  'tests/integration/api-comment-moderation.test.ts',
  'tests/integration/api-comments.test.ts',
  'tests/integration/api-epay.test.ts',
  'tests/integration/api-license.test.ts',
  'tests/integration/api-links.test.ts',
  'tests/integration/api-mail.test.ts',
  'tests/integration/api-messages.test.ts',
  'tests/integration/api-notify.test.ts',
  'tests/integration/api-orders.test.ts',
  'tests/integration/api-shop.test.ts',
  'tests/integration/api-site.test.ts',
  'tests/integration/api-talks.test.ts',
  'tests/integration/api-uploads.test.ts',
  'tests/integration/api-users.test.ts',
  'tests/integration/grouped-batch.test.ts',
  'tests/integration/import-files.test.ts',
  'tests/integration/scale-out.test.ts',
  'tests/integration/scale-out-jobs.test.ts',
  'tests/integration/shared-address.test.ts',
];

/** What exists for PostgreSQL alone, each file saying why. */
const POSTGRES_ONLY = 'tests/integration/postgres-*.test.ts';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: [POSTGRES_ONLY],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [...ON_BOTH_ENGINES, POSTGRES_ONLY],
          globalSetup: ['tests/integration/postgresSetup.ts'],
        },
      },
    ],
  },
});

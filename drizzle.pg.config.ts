import { defineConfig } from 'drizzle-kit';

/** The PostgreSQL mirror of drizzle.config.ts: src/server/db/schema.pg.ts, migrations in drizzle-pg/. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.pg.ts',
  out: './drizzle-pg',
});

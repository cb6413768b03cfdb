import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** Usernames are matched regardless of case, as the unique index does. */
export async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.username})`, username.toLowerCase())).limit(1);
  return row;
}

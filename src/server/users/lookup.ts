import { asc, eq, sql } from 'drizzle-orm';
import { ROLE } from '../../contract/users.ts';
import type { Db, Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** Usernames are matched regardless of case, as the unique index does. */
export async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

/** The admins' ids, oldest account first: the first is the site's owner, the author of its articles and talks. */
export async function adminIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, ROLE.admin)).orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

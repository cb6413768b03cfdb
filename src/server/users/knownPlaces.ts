/** The places each account has logged in from successfully (`known_logins`), see places.ts. */
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { knownLogins } from '../db/schema.ts';

/** A place not seen for this long is forgotten; the device cookie lives as long (api/cookies.ts). */
export const KNOWN_PLACE_TTL_MS = 365 * 24 * 3600_000;

export async function isKnownPlace(db: Db, userId: number, places: readonly string[]): Promise<boolean> {
  if (places.length === 0) return false;
  const [row] = await db
    .select({ userId: knownLogins.userId })
    .from(knownLogins)
    .where(and(eq(knownLogins.userId, userId), inArray(knownLogins.place, [...places])))
    .limit(1);
  return Boolean(row);
}

export async function rememberPlaces(
  db: Db,
  userId: number,
  places: readonly string[],
  now = Date.now(),
): Promise<void> {
  if (places.length === 0) return;
  await db
    .insert(knownLogins)
    .values(places.map((place) => ({ userId, place, lastSeenAt: new Date(now) })))
    .onConflictDoUpdate({
      target: [knownLogins.userId, knownLogins.place],
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    });
}

export async function forgetStalePlaces(db: Db, now = Date.now()): Promise<void> {
  await db.delete(knownLogins).where(lt(knownLogins.lastSeenAt, new Date(now - KNOWN_PLACE_TTL_MS)));
}

/**
 * Forgets every place of the user but `keep`: after a password change or reset, places that
 * logged in with the old password (perhaps someone who knew it) must not skip the username limit.
 */
export async function forgetPlaces(db: Db, userId: number, keep: readonly string[] = []): Promise<void> {
  await db
    .delete(knownLogins)
    .where(
      keep.length
        ? and(eq(knownLogins.userId, userId), notInArray(knownLogins.place, [...keep]))
        : eq(knownLogins.userId, userId),
    );
}

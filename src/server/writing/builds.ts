/**
 * Builds shared by every server on the database. Several servers (nodes) share CONTENT_DIR and
 * DIST_DIR (README, 多台服务器): a save on any of them asks for a build, and exactly one builds at
 * a time, the one holding the builder's lease. The lease is renewed while the build runs; a server
 * that dies stops renewing it, and another takes it over once it has run out.
 *
 * An ask is a moment (`wantedAt`); a build covers every ask up to the moment it started, since it
 * reads the content after that. A scheduled article asks at its own date, so every server's timer
 * for it asks the same moment and one build covers them all: it goes live once. The servers'
 * clocks are assumed kept by NTP, as every cloud machine's is.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { PublishState } from '../../contract/writing.ts';
import type { Db } from '../db/client.ts';
import { siteBuilds } from '../db/schema.ts';

const SITE = 'site';

/** How long a lease holds without renewal: a dead builder's passes on this long after its last renewal. */
export const LEASE_MS = 30_000;

export interface BuildAsks {
  /** Asks for a build at `at` (now, or an article's scheduled date). */
  ask(at: number): Promise<void>;
  /** Takes or renews the lease; whether this server holds it. */
  lead(now?: number): Promise<boolean>;
  /** Lets the lease go, for the next asker. */
  release(): Promise<void>;
  /** Whether an ask is newer than the last finished build's start. */
  pending(): Promise<boolean>;
  /** A finished build that started at `startedAt` covered the asks before it. */
  covered(startedAt: number): Promise<void>;
  /** The last builder's status line, for the console on every server; null before any build. */
  lastState(now?: number): Promise<PublishState | null>;
  /** Keeps the status line beside the lease while this server holds it. */
  share(state: PublishState): Promise<void>;
  /** Whether another server holds the lease now. */
  heldElsewhere(now?: number): Promise<boolean>;
}

/** A name for this server among the others: its machine, its process, and a few random bytes for a reused pid. */
export const serverName = (): string => `${hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`;

/** The shared asks and lease, as server `me` (a name of its own, unique among the servers). */
export function createBuildAsks(db: Db, me: string): BuildAsks {
  let made: Promise<unknown> | null = null;
  // The one row, made once by whichever server comes first; tried again after a failure.
  const row = () =>
    (made ??= db
      .insert(siteBuilds)
      .values({ name: SITE })
      .onConflictDoNothing()
      .catch((error: unknown) => {
        made = null;
        throw error;
      }));
  const read = async () => {
    await row();
    const [found] = await db.select().from(siteBuilds).where(eq(siteBuilds.name, SITE));
    return found;
  };
  const heldByOther = (found: Awaited<ReturnType<typeof read>>, now: number) =>
    found.builder !== '' && found.builder !== me && found.leaseUntil >= now;

  return {
    async ask(at) {
      await row();
      await db
        .update(siteBuilds)
        .set({ wantedAt: sql`CASE WHEN ${siteBuilds.wantedAt} < ${at} THEN ${at} ELSE ${siteBuilds.wantedAt} END` })
        .where(eq(siteBuilds.name, SITE));
    },
    async lead(now = Date.now()) {
      await row();
      const taken = await db
        .update(siteBuilds)
        .set({ builder: me, leaseUntil: now + LEASE_MS })
        .where(
          and(
            eq(siteBuilds.name, SITE),
            or(eq(siteBuilds.builder, me), eq(siteBuilds.builder, ''), lt(siteBuilds.leaseUntil, now)),
          ),
        )
        .returning({ builder: siteBuilds.builder });
      return taken.length === 1;
    },
    async release() {
      await db
        .update(siteBuilds)
        .set({ builder: '', leaseUntil: 0 })
        .where(and(eq(siteBuilds.name, SITE), eq(siteBuilds.builder, me)));
    },
    async pending() {
      const found = await read();
      return found.wantedAt > found.coveredAt;
    },
    async covered(startedAt) {
      await db
        .update(siteBuilds)
        .set({
          coveredAt: sql`CASE WHEN ${siteBuilds.coveredAt} < ${startedAt} THEN ${startedAt} ELSE ${siteBuilds.coveredAt} END`,
        })
        .where(eq(siteBuilds.name, SITE));
    },
    async lastState(now = Date.now()) {
      const found = await read();
      if (!found.state) return null;
      const last = JSON.parse(found.state) as PublishState;
      // A build whose server stopped renewing the lease died with it: what it was building waits for the next builder.
      const orphaned = last.state === 'building' && (found.builder === '' || found.leaseUntil < now);
      return orphaned ? { ...last, state: 'queued', step: '', percent: 0 } : last;
    },
    async share(state) {
      await db
        .update(siteBuilds)
        .set({ state: JSON.stringify(state) })
        .where(and(eq(siteBuilds.name, SITE), eq(siteBuilds.builder, me)));
    },
    async heldElsewhere(now = Date.now()) {
      return heldByOther(await read(), now);
    },
  };
}

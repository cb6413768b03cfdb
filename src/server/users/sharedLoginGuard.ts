/**
 * The login guard and the password-change lockout (loginGuard.ts) over the database, so every
 * server process on it holds one count: two processes behind a proxy do not double the guesses an
 * address gets, and a restart forgets nothing. Each attempt reads the rows it concerns, lets the
 * rules decide, and writes them back in one transaction of the group commit: two processes
 * deciding at once are serialised by the database's write lock.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { groupCommitOf, type Statements } from '../db/groupCommit.ts';
import { loginFailures } from '../db/schema.ts';
import { createLockout, createLoginGuard, type Admission, type LockoutEntry, type LoginAttempt, type LoginLimits, type ThrottleEntry } from './loginGuard.ts';

type Kind = 'address' | 'username' | 'password';

async function read<Entry>(statements: Statements, kind: Kind, keys: readonly string[]): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  for (const key of keys) {
    const row = await statements.get<{ entry: string }>('SELECT entry FROM login_failures WHERE kind = ? AND key = ?', kind, key);
    if (row) entries.set(key, JSON.parse(row.entry) as Entry);
  }
  return entries;
}

/** Writes back what the rules made of the rows: kept, changed, or forgotten. */
async function write<Entry>(statements: Statements, kind: Kind, keys: readonly string[], entries: Map<string, Entry>, expiresAt: (entry: Entry) => number) {
  for (const key of keys) {
    const entry = entries.get(key);
    if (entry === undefined) await statements.run('DELETE FROM login_failures WHERE kind = ? AND key = ?', kind, key);
    else {
      await statements.run(
        'INSERT INTO login_failures (kind, key, entry, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET entry = excluded.entry, expires_at = excluded.expires_at',
        kind,
        key,
        JSON.stringify(entry),
        expiresAt(entry),
      );
    }
  }
}

export function createSharedLoginGuard(db: Db, limits: LoginLimits) {
  const commit = groupCommitOf(db);
  const lockoutExpiry = (entry: LockoutEntry) => entry.since + limits.windowMs;
  const throttleExpiry = (entry: ThrottleEntry) => Math.max(entry.lastAt, entry.nextAt) + limits.windowMs;

  /** Runs the login rules over the attempt's rows and writes them back. */
  const withGuard = <T>(attempt: LoginAttempt, act: (guard: ReturnType<typeof createLoginGuard>) => T) =>
    commit.run(async (statements) => {
      const addresses = await read<LockoutEntry>(statements, 'address', [attempt.address]);
      const usernames = await read<ThrottleEntry>(statements, 'username', [attempt.username]);
      const result = act(createLoginGuard(limits, { addresses, usernames }));
      await write(statements, 'address', [attempt.address], addresses, lockoutExpiry);
      await write(statements, 'username', [attempt.username], usernames, throttleExpiry);
      return result;
    });

  /** Runs the password-change lockout over the keys' rows and writes them back. */
  const withLockout = <T>(keys: readonly string[], act: (lockout: ReturnType<typeof createLockout>) => T) =>
    commit.run(async (statements) => {
      const entries = await read<LockoutEntry>(statements, 'password', keys);
      const result = act(createLockout(limits, entries));
      await write(statements, 'password', keys, entries, lockoutExpiry);
      return result;
    });

  return {
    /** Admits (and counts) a login attempt, or says how long to wait and which rule holds it back. */
    admit: (attempt: LoginAttempt): Promise<Admission> => withGuard(attempt, (guard) => guard.admit(attempt)),
    /** Takes the attempt's count back: a success, or an attempt that never got to check the password. */
    release: (attempt: LoginAttempt): Promise<void> => withGuard(attempt, (guard) => guard.release(attempt)),

    /** A password-change attempt: counted and 0, or how long the keys must wait (and not counted). */
    async admitPasswordAttempt(keys: readonly string[]): Promise<number> {
      return withLockout(keys, (lockout) => {
        const wait = lockout.wait(keys);
        if (wait === 0) lockout.count(keys);
        return wait;
      });
    },
    forgivePasswordAttempt: (keys: readonly string[]): Promise<void> => withLockout(keys, (lockout) => lockout.forgive(keys)),

    /** Rows the rules have forgotten by now; run with the other hourly purges. */
    async purgeExpired(): Promise<void> {
      await db.delete(loginFailures).where(lt(loginFailures.expiresAt, Date.now()));
    },
  };
}

export type SharedLoginGuard = ReturnType<typeof createSharedLoginGuard>;

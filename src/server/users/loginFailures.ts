/**
 * The login_failures table as the login rules (loginGuard.ts) see it: each attempt reads the rows it
 * concerns, locking them, lets the rules decide, and writes them back, in one transaction of the
 * group commit (db/groupedWrites.ts), so two processes deciding at once are serialised. These grouped writes run in the group commit's own thread: this module imports no ORM.
 */
import type { Statements } from '../db/groupCommit.ts';
import { groupedWrite } from '../db/groupedWrites.ts';
import {
  createLockout,
  createLoginGuard,
  type Admission,
  type Lockout,
  type LockoutEntry,
  type LoginAttempt,
  type LoginGuard,
  type LoginLimits,
  type ThrottleEntry,
} from './loginGuard.ts';

type Kind = 'address' | 'username' | 'password';

/**
 * Reads the rows and locks them until the transaction ends, in words both engines share: an upsert
 * that changes nothing (or puts an empty placeholder where there is no row, which `write` replaces
 * or deletes). On SQLite the write lock already serialises two deciders; on PostgreSQL, two groups
 * or two nodes deciding on one row at once would each read it before the other wrote, and a guess
 * would go uncounted. Keys are locked in one order, so two deciders never wait on each other.
 */
async function read<Entry>(statements: Statements, kind: Kind, keys: readonly string[]): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  for (const key of [...keys].sort()) {
    const row = await statements.get<{ entry: string }>(
      "INSERT INTO login_failures (kind, key, entry, expires_at) VALUES (?, ?, '', 0) ON CONFLICT (kind, key) DO UPDATE SET entry = login_failures.entry RETURNING entry",
      kind,
      key,
    );
    if (row?.entry) entries.set(key, JSON.parse(row.entry) as Entry);
  }
  return entries;
}

/** Writes back what the rules made of the rows: kept, changed, or forgotten. */
async function write<Entry>(
  statements: Statements,
  kind: Kind,
  keys: readonly string[],
  entries: Map<string, Entry>,
  expiresAt: (entry: Entry) => number,
) {
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

const lockoutExpiry = (limits: LoginLimits) => (entry: LockoutEntry) => entry.since + limits.windowMs;
const throttleExpiry = (limits: LoginLimits) => (entry: ThrottleEntry) =>
  Math.max(entry.lastAt, entry.nextAt) + limits.windowMs;

/** Lends the login rules the attempt's rows, and writes back what they made of them. */
async function overLoginRows<T>(
  statements: Statements,
  limits: LoginLimits,
  attempt: LoginAttempt,
  decide: (guard: LoginGuard) => T,
): Promise<T> {
  const addresses = await read<LockoutEntry>(statements, 'address', [attempt.address]);
  const usernames = await read<ThrottleEntry>(statements, 'username', [attempt.username]);
  const result = decide(createLoginGuard(limits, { addresses, usernames }));
  await write(statements, 'address', [attempt.address], addresses, lockoutExpiry(limits));
  await write(statements, 'username', [attempt.username], usernames, throttleExpiry(limits));
  return result;
}

/** Lends the password-change lockout the keys' rows, and writes back what it made of them. */
async function overPasswordRows<T>(
  statements: Statements,
  limits: LoginLimits,
  keys: readonly string[],
  decide: (lockout: Lockout) => T,
): Promise<T> {
  const entries = await read<LockoutEntry>(statements, 'password', keys);
  const result = decide(createLockout(limits, entries));
  await write(statements, 'password', keys, entries, lockoutExpiry(limits));
  return result;
}

export const admitLogin = groupedWrite(
  import.meta.url,
  'admitLogin',
  (statements: Statements, limits: LoginLimits, attempt: LoginAttempt): Promise<Admission> =>
    overLoginRows(statements, limits, attempt, (guard) => guard.admit(attempt)),
);

export const releaseLogin = groupedWrite(
  import.meta.url,
  'releaseLogin',
  (statements: Statements, limits: LoginLimits, attempt: LoginAttempt): Promise<void> =>
    overLoginRows(statements, limits, attempt, (guard) => guard.release(attempt)),
);

/** Counted and 0, or how long the keys must wait (and not counted). */
export const admitPasswordChange = groupedWrite(
  import.meta.url,
  'admitPasswordChange',
  (statements: Statements, limits: LoginLimits, keys: readonly string[]): Promise<number> =>
    overPasswordRows(statements, limits, keys, (lockout) => {
      const wait = lockout.wait(keys);
      if (wait === 0) lockout.count(keys);
      return wait;
    }),
);

export const forgivePasswordChange = groupedWrite(
  import.meta.url,
  'forgivePasswordChange',
  (statements: Statements, limits: LoginLimits, keys: readonly string[]): Promise<void> =>
    overPasswordRows(statements, limits, keys, (lockout) => lockout.forgive(keys)),
);

/** Rows the rules have forgotten by now. */
export const forgetExpiredLoginFailures = groupedWrite(
  import.meta.url,
  'forgetExpiredLoginFailures',
  (statements: Statements, now: number) => statements.run('DELETE FROM login_failures WHERE expires_at < ?', now),
);

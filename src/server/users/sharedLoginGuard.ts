/**
 * The login guard and the password-change lockout (loginGuard.ts) over the database, so every
 * server process on it holds one count: two processes behind a proxy do not double the guesses an
 * address gets, and a restart forgets nothing. The rows are read, decided and written back in one
 * grouped write (loginFailures.ts).
 */
import type { Db } from '../db/client.ts';
import { groupCommitOf } from '../db/groupCommitOf.ts';
import {
  admitLogin,
  admitPasswordChange,
  forgetExpiredLoginFailures,
  forgivePasswordChange,
  releaseLogin,
} from './loginFailures.ts';
import type { Admission, LoginAttempt, LoginLimits } from './loginGuard.ts';

export function createSharedLoginGuard(db: Db, limits: LoginLimits) {
  const commit = groupCommitOf(db);
  return {
    /** Admits (and counts) a login attempt, or says how long to wait and which rule holds it back. */
    admit: (attempt: LoginAttempt): Promise<Admission> => commit.run(admitLogin, limits, attempt),
    /** Takes the attempt's count back: a success, or an attempt that never got to check the password. */
    release: (attempt: LoginAttempt): Promise<void> => commit.run(releaseLogin, limits, attempt),

    /** A password-change attempt: counted and 0, or how long the keys must wait (and not counted). */
    admitPasswordAttempt: (keys: readonly string[]): Promise<number> => commit.run(admitPasswordChange, limits, keys),
    forgivePasswordAttempt: (keys: readonly string[]): Promise<void> => commit.run(forgivePasswordChange, limits, keys),

    /** Rows the rules have forgotten by now; run with the other hourly purges. */
    purgeExpired: (): Promise<void> => commit.run(forgetExpiredLoginFailures, Date.now()),
  };
}

export type SharedLoginGuard = ReturnType<typeof createSharedLoginGuard>;

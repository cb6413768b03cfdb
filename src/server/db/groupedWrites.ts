/**
 * Every write the group commit (groupCommit.ts) may run, by name. A write is called by its name and
 * plain arguments, so the group commit's own thread (groupCommitThread.ts) can run it: the modules
 * listed here import no ORM, and what they take and answer survives a structured clone.
 */
import { countArticleReading, countArticleView, countArticleVisit } from '../articles/counted.ts';
import { countHit, forgetEndedWindows, forgetHits, takeBackHit } from '../budgets/table.ts';
import { countSiteView } from '../site/counted.ts';
import { admitLogin, admitPasswordChange, forgetExpiredLoginFailures, forgivePasswordChange, releaseLogin } from '../users/loginFailures.ts';
import type { Statements } from './groupCommit.ts';

export const GROUPED_WRITES = {
  countHit,
  takeBackHit,
  forgetHits,
  forgetEndedWindows,
  countArticleView,
  countArticleReading,
  countArticleVisit,
  countSiteView,
  admitLogin,
  releaseLogin,
  admitPasswordChange,
  forgivePasswordChange,
  forgetExpiredLoginFailures,
};

export type GroupedWrites = typeof GROUPED_WRITES;
export type GroupedWriteName = keyof GroupedWrites;
export type ArgumentsOf<Name extends GroupedWriteName> = GroupedWrites[Name] extends (statements: Statements, ...args: infer Args) => Promise<unknown> ? Args : never;
export type ResultOf<Name extends GroupedWriteName> = Awaited<ReturnType<GroupedWrites[Name]>>;

/** One write as it crosses to the group commit's thread. */
export interface GroupedCall {
  id: number;
  name: GroupedWriteName;
  args: unknown[];
}

/** What came of it, as it crosses back. */
export type GroupedOutcome = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: unknown };

/** Runs the named write over the group's statements. */
export function runGroupedWrite(statements: Statements, name: GroupedWriteName, args: readonly unknown[]): Promise<unknown> {
  const write = GROUPED_WRITES[name] as (statements: Statements, ...args: readonly unknown[]) => Promise<unknown>;
  return write(statements, ...args);
}

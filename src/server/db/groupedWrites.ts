/**
 * A grouped write: one of the small writes the group commit (groupCommit.ts) runs, declared by the
 * domain that owns it. Each call carries the write's module and name, so the group commit's own
 * thread (groupCommitThread.ts) imports it and runs it there. So a grouped write's module imports
 * no ORM (the thread loads it too), and what it takes and answers survives a structured clone.
 */
import type { Statements } from './groupCommit.ts';

export interface GroupedWrite<Args extends unknown[] = never[], Result = unknown> {
  (statements: Statements, ...args: Args): Promise<Result>;
  /** The URL of the module that exports it, and the name it is exported under. */
  readonly module: string;
  readonly exportName: string;
}

/** Declares a grouped write, which the module at `module` (its `import.meta.url`) exports as `exportName`. */
export function groupedWrite<Args extends unknown[], Result>(
  module: string,
  exportName: string,
  write: (statements: Statements, ...args: Args) => Promise<Result>,
): GroupedWrite<Args, Result> {
  return Object.assign((statements: Statements, ...args: Args) => write(statements, ...args), { module, exportName });
}

/** One write as it crosses to the group commit's thread. */
export interface GroupedCall {
  id: number;
  module: string;
  exportName: string;
  args: unknown[];
}

/** A write that failed, as it crosses back: the error, and its `code` (SQLITE_BUSY, …), which a structured clone drops. */
export interface GroupedFailure {
  id: number;
  ok: false;
  error: unknown;
  code?: string;
}

/** What came of it, as it crosses back. */
export type GroupedOutcome = { id: number; ok: true; value: unknown } | GroupedFailure;

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
  /** Whether it may run side by side with the other writes of its group (GroupedWriteOptions). */
  readonly sideBySide: boolean;
}

export interface GroupedWriteOptions {
  /**
   * The write's statements are each atomic on their own (an upsert that answers the row it left, a
   * read it only reports), and it decides nothing on a read that another write could change before
   * its next statement. It may then run side by side with the other writes of its group, on a
   * connection that sends their statements together (db/postgres.ts). A write that reads rows,
   * decides, and writes them back (users/loginFailures.ts) runs alone, or two in one group would
   * decide on the same row before either wrote it.
   */
  sideBySide?: boolean;
}

/** The options of a write that may run side by side with the others of its group. */
export const SIDE_BY_SIDE: GroupedWriteOptions = { sideBySide: true };

/** Declares a grouped write, which the module at `module` (its `import.meta.url`) exports as `exportName`. */
export function groupedWrite<Args extends unknown[], Result>(
  module: string,
  exportName: string,
  write: (statements: Statements, ...args: Args) => Promise<Result>,
  { sideBySide = false }: GroupedWriteOptions = {},
): GroupedWrite<Args, Result> {
  return Object.assign((statements: Statements, ...args: Args) => write(statements, ...args), {
    module,
    exportName,
    sideBySide,
  });
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

/**
 * A grouped write: one of the small writes the group commit (groupCommit.ts) runs, declared by the
 * domain that owns it. Each call carries the write's module and name, so the group commit's own
 * thread (groupCommitThread.ts) imports it and runs it there. So a grouped write's module imports
 * no ORM (the thread loads it too), and what it takes and answers survives a structured clone.
 */
import type { BatchBody, GroupMember, Statements } from './groupCommit.ts';

export interface GroupedWrite<Args extends unknown[] = never[], Result = unknown> {
  (statements: Statements, ...args: Args): Promise<Result>;
  /** The URL of the module that exports it, and the name it is exported under. */
  readonly module: string;
  readonly exportName: string;
  /** Whether it may run side by side with the other writes of its group (GroupedWriteOptions). */
  readonly sideBySide: boolean;
  /** Runs every call of one group at once (groupedBatch); a write without it runs call by call. */
  readonly batch?: (statements: Statements, calls: readonly Args[]) => Promise<Result[]>;
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

/**
 * Declares a grouped write whose calls of one group run as one: `batch` takes them in the order they
 * came and answers each, in that order. A hundred readers of one article in the same moment are
 * then one upsert of the article's row, one trigger and one statement for their quotas, rather than
 * a hundred of each (articles/counted.ts). A call alone is a batch of one.
 *
 * The batch runs at the place of its group's first call, its later calls moved up with it, and it
 * sends all of its statements before it awaits anything, so the writes after it in the group see
 * what it did. So the order it keeps is its own, not the group's: when one address passes its quota
 * within one group (a few milliseconds), with views of two articles or of two kinds, the views that
 * count are its first in the batch's order; how many count is exact, and each answer is the counters
 * as that call's own write left them. A like that came between two views of the same group is not
 * yet in their answers' like count (it is the moment after).
 */
export function groupedBatch<Args extends unknown[], Result>(
  module: string,
  exportName: string,
  batch: (statements: Statements, calls: readonly Args[]) => Promise<Result[]>,
  options: GroupedWriteOptions = {},
): GroupedWrite<Args, Result> {
  const single = async (statements: Statements, ...args: Args) => (await batch(statements, [args]))[0];
  return Object.assign(groupedWrite(module, exportName, single, options), { batch });
}

/**
 * A batch's calls split by their subject (an article, a budget's window), each part run by `run`
 * with its calls; the answers come back in the calls' order. Every part is started before any is
 * awaited, in the order the parts first came, so a batch still sends all of its statements at once;
 * a part's calls are run before the next part's, whatever order they came in.
 */
export async function bySubject<Call, Subject, Result>(
  calls: readonly Call[],
  subjectOf: (call: Call, index: number) => Subject,
  run: (subject: Subject, calls: Call[]) => Promise<Result[]>,
): Promise<Result[]> {
  const parts = new Map<Subject, number[]>();
  calls.forEach((call, i) => {
    const subject = subjectOf(call, i);
    const found = parts.get(subject);
    if (found) found.push(i);
    else parts.set(subject, [i]);
  });
  const answers: Result[] = [];
  await Promise.all(
    [...parts].map(async ([subject, at]) => {
      const results = await run(
        subject,
        at.map((i) => calls[i]),
      );
      at.forEach((i, k) => (answers[i] = results[k]));
    }),
  );
  return answers;
}

/** A call of `write` as its group holds it. */
export function memberOf<Args extends unknown[], Result>(
  write: GroupedWrite<Args, Result>,
  args: Args,
): GroupMember<Result> {
  return {
    body: (statements) => write(statements, ...args),
    sideBySide: write.sideBySide,
    // The batch is the same function for every call of the write: calls of one group are found together by it.
    batch: write.batch && { run: write.batch as BatchBody, args },
  };
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

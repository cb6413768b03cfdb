/**
 * The group commit's own thread: it owns a connection to the database file and commits the grouped
 * writes the server posts to it (groupCommitOf.ts). The main thread then never waits on a commit's
 * disk sync, nor runs a group's statements: it serves pages while the counts are written.
 *
 * Calls that arrive while a group commits are the next group.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { commitGroup, fileConnection, MAX_GROUP } from './groupCommit.ts';
import { runGroupedWrite, type GroupedCall, type GroupedOutcome } from './groupedWrites.ts';

/** The thread's `workerData`, under its own key: another worker (a test runner's) is not taken for it. */
export interface GroupCommitThreadData {
  groupCommit: { file: string; busyTimeoutMs: number };
}

/** A message to the thread: calls to commit, or `close` once none is waiting. */
export type GroupCommitMessage = GroupedCall[] | 'close';

/** Errors cross as Errors: anything else thrown is made one. */
const cloneable = (reason: unknown) => (reason instanceof Error ? reason : new Error(String(reason)));

function serve(port: MessagePort, { file, busyTimeoutMs }: GroupCommitThreadData['groupCommit']): void {
  const connection = fileConnection(file, busyTimeoutMs);
  let waiting: GroupedCall[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    while (waiting.length > 0) {
      const group = waiting.slice(0, MAX_GROUP);
      waiting = waiting.slice(group.length);
      const outcomes = await commitGroup(
        connection,
        group.map(({ name, args }) => (statements) => runGroupedWrite(statements, name, args)),
      );
      port.postMessage(
        group.map(({ id }, i): GroupedOutcome => {
          const outcome = outcomes[i];
          return outcome.status === 'fulfilled' ? { id, ok: true, value: outcome.value } : { id, ok: false, error: cloneable(outcome.reason) };
        }),
      );
    }
    scheduled = false;
  }

  port.on('message', (message: GroupCommitMessage) => {
    if (message === 'close') {
      connection.close();
      port.close();
      return;
    }
    waiting.push(...message);
    if (scheduled) return;
    scheduled = true;
    // Every message already delivered joins the group.
    setImmediate(() => void flush());
  });
}

// Imported by the main thread too (http/loadOnly.ts compiles it with the rest): it serves only as a worker.
const data = workerData as Partial<GroupCommitThreadData> | null;
if (parentPort && data?.groupCommit) serve(parentPort, data.groupCommit);

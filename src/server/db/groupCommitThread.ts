/**
 * The group commit's own thread: it owns a connection to the database file and commits the grouped
 * writes the server posts to it (groupCommitOf.ts). The main thread then never waits on a commit's
 * disk sync, nor runs a group's statements: it serves pages while the counts are written.
 *
 * Each call names its write by module and export (groupedWrites.ts): the thread imports the module
 * the first time. Calls that arrive while a group commits are the next group.
 */
import { isNativeError } from 'node:util/types';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { commitGroup, fileConnection, MAX_GROUP, type GroupMember } from './groupCommit.ts';
import type { DatabaseFile } from './client.ts';
import {
  memberOf,
  type GroupedCall,
  type GroupedFailure,
  type GroupedOutcome,
  type GroupedWrite,
} from './groupedWrites.ts';
import { groupTurn } from './writeTurns.ts';

/** The thread's `workerData`, under its own key: another worker (a test runner's) is not taken for it. */
export interface GroupCommitThreadData {
  groupCommit: DatabaseFile;
}

/** A message to the thread: calls to commit, or `close` once none is waiting. */
export type GroupCommitMessage = GroupedCall[] | 'close';

/**
 * A failed write as it crosses back: always an Error with the message, and the code beside it,
 * which a structured clone drops. libsql's own errors only inherit from Error: cloned as they are,
 * they would arrive as plain objects without their message.
 */
function failure(id: number, reason: unknown): GroupedFailure {
  const { message, code } = (reason ?? {}) as { message?: unknown; code?: unknown };
  const error = isNativeError(reason) ? reason : new Error(typeof message === 'string' ? message : String(reason));
  return typeof code === 'string' ? { id, ok: false, error, code } : { id, ok: false, error };
}

const modules = new Map<string, Promise<Record<string, unknown>>>();

/** The write a call names; only a grouped write its module exports under that name is run. */
async function writeOf({ module, exportName }: GroupedCall): Promise<GroupedWrite<unknown[]>> {
  let loading = modules.get(module);
  if (!loading) modules.set(module, (loading = import(module) as Promise<Record<string, unknown>>));
  const write = (await loading)[exportName] as GroupedWrite<unknown[]> | undefined;
  if (typeof write !== 'function' || write.module !== module || write.exportName !== exportName) {
    throw new Error(`${module} 没有导出名为 ${exportName} 的合并写入`);
  }
  return write;
}

function serve(port: MessagePort, { file, busyTimeoutMs, turns }: DatabaseFile): void {
  const connection = fileConnection(file, busyTimeoutMs);
  let waiting: GroupedCall[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    while (waiting.length > 0) {
      const group = waiting.slice(0, MAX_GROUP);
      waiting = waiting.slice(group.length);
      // Modules are loaded before the transaction begins: it holds the write lock.
      const writes = await Promise.allSettled(group.map(writeOf));
      const members = writes.map((found, i): GroupMember =>
        found.status === 'fulfilled'
          ? memberOf(found.value, group[i].args)
          : { body: () => Promise.reject(found.reason), sideBySide: false },
      );
      // The main thread's writes waiting for their turn go first (writeTurns.ts).
      const endTurn = groupTurn(turns);
      const outcomes = await commitGroup(connection, () => members).finally(endTurn);
      port.postMessage(
        group.map(({ id }, i): GroupedOutcome => {
          const outcome = outcomes[i];
          return outcome.status === 'fulfilled' ? { id, ok: true, value: outcome.value } : failure(id, outcome.reason);
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

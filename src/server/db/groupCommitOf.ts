/**
 * The group commit of each database (groupCommit.ts), which every domain's small writes share.
 *
 * For a database file, it runs in a worker thread of its own (groupCommitThread.ts): a group's
 * statements and its commit's disk sync then never hold up the pages this thread serves. Writes
 * are posted to it by module and name (groupedWrites.ts), those of one turn of the event loop in
 * one message.
 * A database served over the network (PostgreSQL, a libsql server) is grouped in this thread
 * instead: its client waits for the server without blocking the thread (and a database in memory
 * has no file a thread could open).
 *
 * Each caller goes on in a turn of its own, as it would after a write of its own. Resumed together,
 * one caller's next transaction would be open while the next caller's code runs, and a write of
 * that caller, on another of the client's connections, would wait on the lock without letting the
 * transaction finish: the database's calls block the thread.
 */
import { Worker } from 'node:worker_threads';
import { databaseFileOf, postgresOf, type DatabaseFile, type Db } from './client.ts';
import { clientConnection, createGroupCommit, type Connection } from './groupCommit.ts';
import type { GroupCommitMessage, GroupCommitThreadData } from './groupCommitThread.ts';
import {
  memberOf,
  type GroupedCall,
  type GroupedFailure,
  type GroupedOutcome,
  type GroupedWrite,
} from './groupedWrites.ts';
import { endGroupTurn } from './writeTurns.ts';
import { RetryLater } from '../shared/errors.ts';

/**
 * Writes waiting for their group at most. Each connection has a few requests in progress at a time
 * (http/pipelining.ts), so this is reached only by a flood of connections; past it a write is refused
 * at once, with a retry in a second, rather than queued without end.
 */
export const MAX_PENDING_WRITES = 8192;

const tooMany = () => new RetryLater('服务器正忙，请稍后再试', 1000);

export interface GroupCommit {
  /** Runs the write in the next group; answers with its result once the group has committed. */
  run<Args extends unknown[], Result>(write: GroupedWrite<Args, Result>, ...args: Args): Promise<Result>;
  /** Once every write asked for is answered: lets the database go. */
  close(): Promise<void>;
}

const THREAD = new URL('./groupCommitThread.ts', import.meta.url);

/**
 * A failed write's error as it was thrown in the thread: a structured clone keeps an Error's message
 * but not its `code`, by which the API tells a database that stayed locked (SQLITE_BUSY) from a fault.
 */
const withCode = ({ error, code }: GroupedFailure) =>
  code && error instanceof Error ? Object.assign(error, { code }) : error;

function inThisThread(connection: Connection): GroupCommit {
  const group = createGroupCommit(connection);
  let pending = 0;
  return {
    run: (write, ...args) => {
      if (pending >= MAX_PENDING_WRITES) return Promise.reject(tooMany());
      pending++;
      return group.run(memberOf(write, args)).finally(() => pending--);
    },
    // The client is the database's own, closed with it.
    close: () => group.settled(),
  };
}

function inItsOwnThread(database: DatabaseFile): GroupCommit {
  let thread: Worker | null = null;
  const answers = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  let nextId = 0;
  let outgoing: GroupedCall[] = [];
  let idle: (() => void) | null = null;
  const nowIdle = () => {
    const waiting = idle;
    idle = null;
    waiting?.();
  };

  const failAll = (error: unknown) => {
    for (const { reject } of answers.values()) setImmediate(() => reject(error));
    answers.clear();
  };

  function start(): Worker {
    const data: GroupCommitThreadData = { groupCommit: database };
    const started = new Worker(THREAD, { workerData: data });
    started.on('message', (outcomes: GroupedOutcome[]) => {
      for (const outcome of outcomes) {
        const answer = answers.get(outcome.id);
        answers.delete(outcome.id);
        if (answer) setImmediate(() => (outcome.ok ? answer.resolve(outcome.value) : answer.reject(withCode(outcome))));
      }
      if (answers.size > 0) return;
      // Nothing waits on the thread: it must not keep the process alive.
      started.unref();
      // After the answers just queued: a close waiting for idle returns only once every caller has heard.
      setImmediate(nowIdle);
    });
    started.on('error', (error) => console.error('数据库写入线程出错：', error));
    started.on('exit', () => {
      if (thread === started) thread = null;
      // A thread stopped in the middle of a group would leave the main thread's writes waiting for their turn for good.
      endGroupTurn(database.turns);
      // A thread that stopped answers nothing more: its callers hear so, and the next write starts another.
      failAll(new Error('数据库写入线程已退出，写入未完成'));
      setImmediate(nowIdle);
    });
    return started;
  }

  function send(): void {
    const calls = outgoing;
    outgoing = [];
    thread ??= start();
    thread.ref();
    thread.postMessage(calls satisfies GroupCommitMessage);
  }

  return {
    run: <Args extends unknown[], Result>(write: GroupedWrite<Args, Result>, ...args: Args) =>
      new Promise<Result>((resolve, reject) => {
        if (answers.size >= MAX_PENDING_WRITES) return reject(tooMany());
        const id = nextId++;
        answers.set(id, { resolve: resolve as (value: unknown) => void, reject });
        outgoing.push({ id, module: write.module, exportName: write.exportName, args });
        // After the I/O of this turn: every request already read joins the message.
        if (outgoing.length === 1) setImmediate(send);
      }),

    async close() {
      if (answers.size > 0) await new Promise<void>((resolve) => (idle = resolve));
      const stopping = thread;
      thread = null;
      if (!stopping) return;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      // Held until it has exited: an idle thread is unreferenced, and a process with nothing else to do would end before hearing so.
      stopping.ref();
      stopping.postMessage('close' satisfies GroupCommitMessage);
      await exited;
    },
  };
}

const groupCommits = new WeakMap<Db, GroupCommit>();

/** The one group commit of a database in this process. */
export function groupCommitOf(db: Db): GroupCommit {
  let found = groupCommits.get(db);
  if (!found) {
    const file = databaseFileOf(db);
    const postgres = postgresOf(db);
    found = postgres
      ? inThisThread(postgres.groupConnection)
      : file
        ? inItsOwnThread(file)
        : inThisThread(clientConnection(db.$client));
    groupCommits.set(db, found);
  }
  return found;
}

/**
 * At most `concurrency` tasks run at once; the others wait their turn in one of two lines.
 *
 * - The ordinary line holds up to `maxQueued` tasks, in order.
 * - The priority line holds up to `maxPriorityQueued` tasks and is always served first.
 *
 * Beyond its line's bound a task is refused at once with `QueueFull` instead of waiting without
 * end. The two bounds are separate, so a flood that fills the ordinary line can neither refuse a
 * priority task nor make it wait behind the flood: it waits at most for the tasks running and
 * the few priority tasks before it.
 */
export class QueueFull extends Error {
  constructor(message = '服务器正忙，请稍后再试') {
    super(message);
    this.name = 'QueueFull';
  }
}

export interface RunOptions {
  /** Wait in the priority line. */
  priority?: boolean;
}

export interface WorkQueue {
  run<T>(task: () => Promise<T>, options?: RunOptions): Promise<T>;
  readonly running: number;
  /** Waiting in both lines. */
  readonly waiting: number;
}

export function createWorkQueue({
  concurrency,
  maxQueued,
  maxPriorityQueued = 0,
}: {
  concurrency: number;
  maxQueued: number;
  maxPriorityQueued?: number;
}): WorkQueue {
  let running = 0;
  const ordinary: (() => void)[] = [];
  const priority: (() => void)[] = [];

  return {
    async run(task, options = {}) {
      const line = options.priority ? priority : ordinary;
      if (running < concurrency) running++;
      else if (line.length >= (options.priority ? maxPriorityQueued : maxQueued)) throw new QueueFull();
      // The finishing task hands its slot straight to the one woken here, so `running` stays put.
      else await new Promise<void>((resolve) => line.push(resolve));
      try {
        return await task();
      } finally {
        const next = priority.shift() ?? ordinary.shift();
        if (next) next();
        else running--;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return ordinary.length + priority.length;
    },
  };
}

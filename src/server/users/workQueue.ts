/**
 * At most `concurrency` tasks run at once; up to `maxQueued` more wait their turn in order.
 * Beyond that a task is refused at once with `QueueFull` instead of waiting without end.
 */
export class QueueFull extends Error {
  constructor(message = '服务器正忙，请稍后再试') {
    super(message);
    this.name = 'QueueFull';
  }
}

export interface WorkQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function createWorkQueue({ concurrency, maxQueued }: { concurrency: number; maxQueued: number }): WorkQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  return {
    async run(task) {
      if (running < concurrency) running++;
      else if (waiting.length >= maxQueued) throw new QueueFull();
      // The finishing task hands its slot straight to the one woken here, so `running` stays put.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

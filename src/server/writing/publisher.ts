/**
 * Publishing from the console: saves ask for a build, and the builds run one at a time in a child
 * process (the same `npm run build` an owner runs by hand, so a failed one leaves the live site as
 * it was). Requests that arrive while a build runs are coalesced into one more build after it, so
 * ten quick saves make one or two builds. The state is what the console's status line shows.
 */
import type { PublishError, PublishState } from '../../contract/writing.ts';
import { UNKNOWN_BUILD_PROBLEM } from '../../lib/node/buildProblem.ts';

export interface BuildRun {
  ok: boolean;
  /** The build's last lines, for the server's log when the build could not say what failed. */
  output: string;
  /** What failed, as the build found it (lib/node/buildProblem.ts); none when it succeeded or could not tell. */
  problem?: PublishError | null;
}

export interface PublisherOptions {
  /** Runs one build, calling `onLine` with each line it prints. */
  build: (onLine: (line: string) => void) => Promise<BuildRun>;
  /** Makes the finished build the one the server answers from; `startedAt` is when the build began. */
  goLive: (startedAt: Date) => Promise<void>;
  /** Saves within this time make one build. */
  settleMs?: number;
  clock?: () => Date;
}

/** The lines of a build that mark its progress, with the step they begin and how far along it is. */
const STEPS: { line: RegExp; step: string; percent: number }[] = [
  { line: /\[content\] Syncing content/, step: '读取内容', percent: 10 },
  { line: /Building server entrypoints/, step: '打包页面', percent: 25 },
  { line: /prerendering static routes/, step: '生成页面', percent: 50 },
  { line: /generating optimized images/, step: '处理图片', percent: 65 },
  { line: /\[build\] Complete!/, step: '检查内联脚本', percent: 80 },
  { line: /^内容安全策略/, step: '压缩文件', percent: 88 },
  { line: /^预压缩/, step: '切换到新版本', percent: 95 },
];

/** Astro's line for each image it writes ends with its count, `(12/139)`: the image step moves on with it. */
const IMAGE_COUNT = /\((\d+)\/(\d+)\)\s*$/;
const IMAGES_STEP = STEPS.findIndex((s) => s.step === '处理图片');

/** How far a build is once `line` is printed: a step's start, or the share of images written so far. */
function progressAt(state: PublishState, line: string): Pick<PublishState, 'step' | 'percent'> | null {
  const step = STEPS.find((s) => s.line.test(line));
  if (step) return step.percent > state.percent ? { step: step.step, percent: step.percent } : null;
  const count = IMAGE_COUNT.exec(line);
  const { percent: from, step: name } = STEPS[IMAGES_STEP];
  const to = STEPS[IMAGES_STEP + 1].percent;
  if (!count || state.percent < from || state.percent >= to) return null;
  const [done, all] = [Number(count[1]), Number(count[2])];
  return {
    step: `${name} ${done}/${all}`,
    percent: Math.max(state.percent, from + Math.floor(((to - from - 1) * done) / Math.max(all, 1))),
  };
}

const idle = (): PublishState => ({
  state: 'idle',
  step: '',
  percent: 0,
  queued_at: null,
  started_at: null,
  finished_at: null,
  error: null,
  builds: 0,
  page_live: null,
});

export function createPublisher({ build, goLive, settleMs = 300, clock = () => new Date() }: PublisherOptions) {
  let state = idle();
  let running: Promise<void> | null = null;
  let wanted = false;
  let settle: NodeJS.Timeout | null = null;
  let scheduled: NodeJS.Timeout | null = null;
  const now = () => clock().toISOString();

  async function runOnce(): Promise<void> {
    wanted = false;
    const startedAt = clock();
    state = {
      ...state,
      state: 'building',
      step: '准备构建',
      percent: 2,
      started_at: startedAt.toISOString(),
      finished_at: null,
      error: null,
    };
    let result: BuildRun;
    try {
      result = await build((line) => {
        const progress = progressAt(state, line);
        if (progress) state = { ...state, ...progress };
      });
      if (result.ok) await goLive(startedAt);
    } catch (error) {
      result = { ok: false, output: '', problem: { file: null, field: null, message: (error as Error).message } };
    }
    const problem: PublishError = result.problem ?? UNKNOWN_BUILD_PROBLEM;
    state = result.ok
      ? {
          ...state,
          state: wanted ? 'queued' : 'live',
          step: '',
          percent: 100,
          finished_at: now(),
          builds: state.builds + 1,
        }
      : {
          ...state,
          state: wanted ? 'queued' : 'failed',
          step: '',
          percent: 0,
          finished_at: now(),
          error: problem,
          builds: state.builds + 1,
        };
    if (!result.ok) console.error(`发布失败：${problem.message}${result.problem ? '' : `\n${result.output}`}`);
  }

  async function drain(): Promise<void> {
    while (wanted) await runOnce();
    running = null;
  }

  function start(): void {
    settle = null;
    if (running) return;
    running = drain();
  }

  /** Asks for a build; it starts once saves have settled, or after the running one. */
  function request(): void {
    wanted = true;
    if (!running) {
      state = { ...state, state: 'queued', queued_at: now() };
      if (settle) clearTimeout(settle);
      settle = setTimeout(start, settleMs);
    } else if (state.state === 'building') {
      state = { ...state, queued_at: now() };
    }
  }

  return {
    request,
    /** An article's page went live (or was taken down) ahead of the build, in a quick release. */
    pageLive(id: number, gone: boolean): void {
      state = { ...state, page_live: { id, at: now(), gone } };
    },
    state: (): PublishState => ({ ...state, state: wanted && state.state !== 'building' ? 'queued' : state.state }),
    /** Builds again at `at` (a post dated in the future goes live by itself); null cancels. */
    scheduleAt(at: Date | null): void {
      if (scheduled) clearTimeout(scheduled);
      scheduled = null;
      if (!at) return;
      // Timers hold at most about 24 days; a later date is looked at again then.
      const delay = Math.min(Math.max(at.getTime() - clock().getTime() + 1000, 0), 2 ** 31 - 1);
      scheduled = setTimeout(request, delay);
      scheduled.unref();
    },
    /** Resolves once nothing is queued or building (for tests and a clean stop). */
    async settled(): Promise<void> {
      while (settle || running || wanted) {
        if (running) await running;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;

/**
 * Publishing from the console: saves ask for a build, and the builds run one at a time in a child
 * process (the same `npm run build` an owner runs by hand, so a failed one leaves the live site as
 * it was). Requests that arrive while a build runs are coalesced into one more build after it, so
 * ten quick saves make one or two builds. The state is what the console's status line shows.
 */
import type { PublishError, PublishState } from '../../contract/writing.ts';
import { UNKNOWN_BUILD_PROBLEM } from '../../lib/node/buildProblem.ts';
import { LEASE_MS, type BuildAsks } from './builds.ts';

export interface BuildRun {
  ok: boolean;
  /** The build's last lines, for the server's log when the build could not say what failed. */
  output: string;
  /** What failed, as the build found it (lib/node/buildProblem.ts); none when it succeeded or could not tell. */
  problem?: PublishError | null;
}

export interface PublisherOptions {
  /** Runs one build, calling `onLine` with each line it prints; `stop` ends it early. */
  build: (onLine: (line: string) => void, stop: AbortSignal) => Promise<BuildRun>;
  /** Makes the finished build the one the server answers from; `startedAt` is when the build began. */
  goLive: (startedAt: Date) => Promise<void>;
  /** Saves within this time make one build. */
  settleMs?: number;
  clock?: () => Date;
  /**
   * The asks and the builder's lease shared with the other servers on the database (builds.ts):
   * this server builds only while it holds the lease, and builds what another asked for. Without
   * it, this server is the only one.
   */
  shared?: BuildAsks;
}

/** A build stopped because its server lost the lease: not the content's fault, and another server builds it. */
const LEASE_LOST: PublishError = {
  file: null,
  field: null,
  message: '构建租约转给了另一台服务器，这次构建已停下，由那台服务器构建',
};

/** How often a server looks for asks that no server is building (the builder died, or let the lease go just before an ask). */
const POLL_MS = 3000;
/** The status line is shared at most this often while a build moves. */
const SHARE_EVERY_MS = 1000;

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

export function createPublisher({ build, goLive, settleMs = 300, clock = () => new Date(), shared }: PublisherOptions) {
  let state = idle();
  let running: Promise<void> | null = null;
  let wanted = false;
  let settle: NodeJS.Timeout | null = null;
  let scheduled: NodeJS.Timeout | null = null;
  const now = () => clock().toISOString();
  const shareFailed = (error: Error) => console.error(`与其他服务器同步构建状态失败：${error.message}`);

  let sharing: NodeJS.Timeout | null = null;
  /** Shares the status line now (a build's start and end), before the lease is let go. */
  async function shareNow(): Promise<void> {
    if (sharing) clearTimeout(sharing);
    sharing = null;
    await shared?.share(state).catch(shareFailed);
  }
  /** Shares it at most once a second while a build moves. */
  function shareSoon(): void {
    if (shared && !sharing) sharing = setTimeout(() => void shareNow(), SHARE_EVERY_MS);
  }

  async function runOnce(stop: AbortSignal): Promise<void> {
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
    await shareNow();
    let result: BuildRun;
    try {
      result = await build((line) => {
        const progress = progressAt(state, line);
        if (progress) {
          state = { ...state, ...progress };
          shareSoon();
        }
      }, stop);
      if (stop.aborted) result = { ok: false, output: result.output, problem: LEASE_LOST };
      else if (result.ok) await goLive(startedAt);
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
    // Which server built what, for an owner with several.
    else console.log(`本服务器完成了一次构建，用时 ${Math.round((+clock() - +startedAt) / 1000)} 秒`);
    await shareNow();
    // What a stopped build was asked for is the lease holder's to build.
    if (!stop.aborted) await shared?.covered(+startedAt).catch(shareFailed);
  }

  /** Builds while asked, holding the lease when shared: if another server holds it, that one builds what was asked. */
  async function drain(): Promise<void> {
    try {
      while (wanted) {
        if (shared && !(await ours(shared))) {
          wanted = false;
          break;
        }
        const lost = new AbortController();
        const renewing = shared ? keepLease(shared, lost) : null;
        try {
          await runOnce(lost.signal);
        } finally {
          if (renewing) clearInterval(renewing);
        }
        // Asks made on other servers while this one built.
        if (shared && !wanted) wanted = await shared.pending().catch(() => false);
      }
    } finally {
      await shared?.release().catch(shareFailed);
      running = null;
    }
  }

  function start(): void {
    settle = null;
    if (running) return;
    running = drain();
  }

  /** The last ask, which a build waits to see recorded before it looks whether anything is asked. */
  let asked: Promise<void> = Promise.resolve();

  /** Asks for a build at `at` (now by default), on every server; it starts once saves have settled, or after the running one. */
  function request(at = clock()): void {
    if (shared) asked = shared.ask(+at).catch(shareFailed);
    wantHere();
  }

  /**
   * Whether this server builds next: it holds the lease, and something asked is not built yet. A
   * scheduled article's timer fires on every server; the first build covers the others' asks.
   */
  async function ours(lease: BuildAsks): Promise<boolean> {
    if (!(await lease.lead().catch(() => false))) return false;
    await asked;
    return lease.pending().catch(() => true);
  }

  /**
   * Renews the lease while a build runs. Once it is lost (another server took it, or it ran out while
   * the database was out of reach and another may have), the build is stopped: the holder builds what
   * was asked, and two builds must not put their releases live in turn.
   */
  function keepLease(lease: BuildAsks, lost: AbortController): NodeJS.Timeout {
    let renewedAt = Date.now();
    return setInterval(() => {
      void lease
        .lead()
        .catch(() => null)
        .then((held) => {
          if (held) renewedAt = Date.now();
          else if (!lost.signal.aborted && (held === false || Date.now() - renewedAt >= LEASE_MS)) {
            console.error('构建租约已经不在本服务器：停下这次构建，由持有租约的服务器构建');
            lost.abort();
          }
        });
    }, LEASE_MS / 3);
  }

  function wantHere(): void {
    wanted = true;
    if (!running) {
      state = { ...state, state: 'queued', queued_at: now() };
      if (settle) clearTimeout(settle);
      settle = setTimeout(start, settleMs);
    } else if (state.state === 'building') {
      state = { ...state, queued_at: now() };
    }
  }

  function publisherState(): PublishState {
    return { ...state, state: wanted && state.state !== 'building' ? 'queued' : state.state };
  }

  // Asks no server is building: made on another server just as its builder let the lease go, or left by a builder that died.
  const polling = shared
    ? setInterval(async () => {
        if (running || settle) return;
        try {
          if ((await shared.pending()) && !(await shared.heldElsewhere())) wantHere();
        } catch (error) {
          shareFailed(error as Error);
        }
      }, POLL_MS)
    : null;
  polling?.unref();

  return {
    request,
    /** Stops looking for other servers' asks (a clean stop). */
    stop: () => polling && clearInterval(polling),
    /** An article's page went live (or was taken down) ahead of the build, in a quick release. */
    pageLive(id: number, gone: boolean): void {
      state = { ...state, page_live: { id, at: now(), gone } };
    },
    state: publisherState,
    /** Builds again at `at` (a post dated in the future goes live by itself); null cancels. */
    scheduleAt(at: Date | null): void {
      if (scheduled) clearTimeout(scheduled);
      scheduled = null;
      if (!at) return;
      // Timers hold at most about 24 days; a later date is looked at again then.
      const delay = Math.min(Math.max(at.getTime() - clock().getTime() + 1000, 0), 2 ** 31 - 1);
      // Asked at the article's own date: every server's timer asks the same moment, which one build covers.
      scheduled = setTimeout(() => request(at.getTime() <= clock().getTime() ? at : clock()), delay);
      scheduled.unref();
    },
    /**
     * The status line the console shows: this server's, or, when the servers share their builds,
     * the last builder's, with this server's quick releases.
     */
    async currentState(): Promise<PublishState> {
      const here = publisherState();
      if (!shared || running) return here;
      const last = await shared.lastState();
      const waiting = await shared.pending();
      const base = last ?? here;
      return {
        ...base,
        state: waiting && base.state !== 'building' ? 'queued' : base.state,
        page_live: here.page_live,
      };
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

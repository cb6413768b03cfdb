/**
 * For `npm run bench:lighthouse`: what kept the main thread busy in a run, from its audits.
 * - `long-tasks`: each task of 50 ms or more, with its start, its duration and the script it is
 *   attributed to (Lighthouse's own names, such as `Unattributable`, as they are);
 * - `mainthread-work-breakdown`: the whole load's time by kind of work (style, parsing, scripts…);
 * - `bootup-time`: the time each script (and the page itself) took, with its evaluation and compilation.
 * With the mobile preset all of them are the simulated figures, 4× the CPU time the machine spent:
 * the same durations Total Blocking Time adds up. A simulated long task keeps only its top-level
 * duration (Lighthouse drops the children), which is why the kinds of work come from the breakdown.
 */
import type { Result as LighthouseResult } from 'lighthouse';

/** Lighthouse's groups of main-thread work (lighthouse/core/lib/tracehouse/task-groups.js). */
const WORK: Record<string, string> = {
  parseHTML: '解析 HTML/CSS',
  styleLayout: '样式与布局',
  paintCompositeRender: '绘制',
  scriptParseCompile: '脚本编译',
  scriptEvaluation: '脚本执行',
  garbageCollection: '垃圾回收',
  other: '其他',
};

export interface LongTask {
  start: number;
  duration: number;
  /** The script the task is attributed to, as a file name, or 页面 for the page itself. */
  what: string;
}

export interface MainThread {
  longTasks: LongTask[];
  /** Time by kind of work, largest first: "样式与布局 320 ms，脚本执行 280 ms". */
  work: string;
  /** Time by script, largest first: "client.js 190 ms（执行 120，编译 30）". */
  scripts: string;
}

type Items<T> = { items?: T[] } | undefined;

/** A URL as a reader of the table wants it: the file name of a script, 页面 for the page; Lighthouse's own names as they are. */
function shortUrl(url: string, page: string): string {
  if (!/^https?:/.test(url)) return url;
  const { pathname } = new URL(url);
  return pathname === new URL(page).pathname ? '页面' : pathname.replace(/^\/_astro\//, '');
}

const ms = (value: number) => Math.round(value);

export function mainThread(lhr: LighthouseResult): MainThread {
  const page = lhr.finalDisplayedUrl;
  const tasks =
    (lhr.audits['long-tasks']?.details as Items<{ url: string; startTime: number; duration: number }>)?.items ?? [];
  const groups =
    (lhr.audits['mainthread-work-breakdown']?.details as Items<{ group: string; duration: number }>)?.items ?? [];
  const scripts =
    (
      lhr.audits['bootup-time']?.details as Items<{
        url: string;
        total: number;
        scripting: number;
        scriptParseCompile: number;
      }>
    )?.items ?? [];
  return {
    longTasks: [...tasks]
      .sort((a, b) => a.startTime - b.startTime)
      .map((task) => ({ start: ms(task.startTime), duration: ms(task.duration), what: shortUrl(task.url, page) })),
    work: [...groups]
      .sort((a, b) => b.duration - a.duration)
      .filter((group) => group.duration >= 1)
      .map((group) => `${WORK[group.group] ?? group.group} ${ms(group.duration)} ms`)
      .join('，'),
    scripts: [...scripts]
      .sort((a, b) => b.total - a.total)
      .map(
        (script) =>
          `${shortUrl(script.url, page)} ${ms(script.total)} ms（执行 ${ms(script.scripting)}，编译 ${ms(script.scriptParseCompile)}）`,
      )
      .join('；'),
  };
}

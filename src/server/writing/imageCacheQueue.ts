/**
 * After an upload, the images the next build will need are encoded in the background
 * (imageCacheWorker.ts), so a publish copies them instead of encoding them: one image at a time,
 * each in a process of its own at the lowest priority, whose memory is given back when it ends.
 * A build that starts meanwhile stops the worker (the build encodes what is missing itself, and
 * the two would only compete for the same cores); the queue goes on after the build, and an image
 * the build has encoded is then found in the cache and skipped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { encodedImagesDir } from '../../lib/node/astroCache.ts';
import type { ImageAttributes } from '../../lib/node/contentImages.ts';
import type { ImageUse } from '../../lib/node/imageCache.ts';

const WORKER = join(import.meta.dirname, 'imageCacheWorker.ts');
const LOWEST_PRIORITY = 19;

export interface ImageCacheQueueOptions {
  projectRoot: string;
  contentDir: string;
  /** The server's environment: ASTRO_CACHE_DIR, as the builds it starts read it. */
  env?: Record<string, string | undefined>;
}

/** The worker's last line (imageCacheWorker.ts). */
export interface WorkerReport {
  images?: number;
  encoded?: number;
  ms?: number;
  /** The images' names in the cache folder. */
  names?: string[];
  /** For a body image, its `<img>` in the build. */
  attributes?: ImageAttributes | null;
}

/** The image's files in the cache and its `<img>`, once every one is there. */
export interface EncodedBodyImage {
  files: string[];
  attributes: ImageAttributes;
}

/** Anything but the worker's JSON line counts as nothing to tell. */
function parsed(report: string): WorkerReport {
  try {
    return JSON.parse(report) ?? {};
  } catch {
    return {};
  }
}

interface Job {
  file: string;
  use: ImageUse;
}

interface WorkerRun {
  child: ChildProcess;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; report: WorkerReport; problem: string }>;
}

export function createImageCacheQueue({ projectRoot, contentDir, env = process.env }: ImageCacheQueueOptions) {
  const cacheDir = encodedImagesDir({ ...env, CONTENT_DIR: contentDir }, projectRoot);
  const waiting: Job[] = [];
  let worker: ChildProcess | null = null;
  /** Builds and urgent encodings running: the background queue waits for them. */
  let holds = 0;
  let settled: (() => void)[] = [];
  /** Every worker running, background or urgent, for a clean stop. */
  const running = new Set<ChildProcess>();

  function startWorker({ file, use }: Job, urgent: boolean): WorkerRun {
    const { NODE_COMPILE_CACHE: _serverCompileCache, ...inherited } = env;
    const child = spawn(process.execPath, [WORKER, file, use, cacheDir, ...(urgent ? ['now'] : [])], {
      cwd: projectRoot,
      env: urgent ? inherited : { ...inherited, UV_THREADPOOL_SIZE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (!urgent) {
      try {
        if (child.pid) setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // The worker lowers its own priority too.
      }
    }
    let report = '';
    let problem = '';
    createInterface({ input: child.stdout! }).on('line', (line) => (report = line));
    createInterface({ input: child.stderr! }).on('line', (line) => (problem = `${problem}\n${line}`.slice(-2000)));
    running.add(child);
    const ended = new Promise<Awaited<WorkerRun['ended']>>((resolve) => {
      child.on('error', (error) => (problem = error.message));
      child.on('close', (code, signal) => {
        running.delete(child);
        resolve({ code, signal, report: parsed(report), problem: problem.trim() });
      });
    });
    return { child, ended };
  }

  function next(): void {
    if (worker || holds > 0) return;
    const job = waiting[0];
    if (!job) {
      for (const resolve of settled) resolve();
      settled = [];
      return;
    }
    const run = startWorker(job, false);
    worker = run.child;
    void run.ended.then(({ code, signal, report, problem }) => {
      worker = null;
      // Stopped for a build or an urgent encoding: the job stays first in line.
      if (signal === 'SIGTERM' && holds > 0) return;
      waiting.shift();
      if (code === 0) {
        const { encoded = 0, ms = 0 } = report;
        if (encoded > 0)
          console.log(
            `已为下次构建预先编码图片 ${basename(job.file)}：${encoded} 个尺寸和格式，用时 ${(ms / 1000).toFixed(1)} 秒`,
          );
      } else {
        console.warn(
          `预先编码图片 ${basename(job.file)} 没有完成（构建时会再编码）：${problem || `退出码 ${code ?? signal}`}`,
        );
      }
      next();
    });
  }

  /** Runs `work` with the background queue held: a worker running is stopped and its image done again after. */
  async function holding<T>(work: () => Promise<T>): Promise<T> {
    holds++;
    worker?.kill('SIGTERM');
    try {
      return await work();
    } finally {
      holds--;
      next();
    }
  }

  return {
    cacheDir,
    /** Queues the image at `file`, stored beside the articles as `use`. */
    add(file: string, use: ImageUse): void {
      if (waiting.slice(1).some((job) => job.file === file && job.use === use)) return;
      waiting.push({ file, use });
      next();
    },
    /** Runs a build with the queue held. */
    whileBuilding: holding,
    /**
     * A body image's files, encoded now (those the background has not done yet) at normal
     * priority, for a page that shows it at once; null when the worker could not.
     */
    bodyImageNow(file: string): Promise<EncodedBodyImage | null> {
      return holding(async () => {
        const { code, report, problem } = await startWorker({ file, use: 'images' }, true).ended;
        if (code !== 0 || !report.names || !report.attributes) {
          if (code !== 0)
            console.warn(`编码图片 ${basename(file)} 没有完成（等待完整构建）：${problem || `退出码 ${code}`}`);
          return null;
        }
        return { files: report.names.map((name) => join(cacheDir, name)), attributes: report.attributes };
      });
    },
    /** As the server stops: no worker outlives it (each writes whole files, so a stopped one leaves none half-written). */
    stop(): void {
      waiting.length = 0;
      holds++;
      for (const child of running) child.kill('SIGTERM');
    },
    /** Resolves once every queued image is done (for tests and benchmarks). */
    idle(): Promise<void> {
      if (!worker && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => settled.push(resolve));
    },
    get waiting(): number {
      return waiting.length;
    },
  };
}

export type ImageCacheQueue = ReturnType<typeof createImageCacheQueue>;

/**
 * The library as the server sees it: built at start, rebuilt in the background when files
 * change, and swapped in whole, so a request always reads one complete index.
 */
import { watch, type FSWatcher } from 'node:fs';
import { buildLibrary, emptyLibrary, type Library } from './library.ts';

export interface LiveLibrary {
  /** The newest complete index; waits only for the very first build. */
  current(): Promise<Library>;
  close(): void;
}

export interface LiveOptions {
  debounceMs?: number;
  /** Used when the system cannot watch the folder. */
  pollMs?: number;
  log?: (line: string) => void;
}

export function liveLibrary(
  dir: string,
  { debounceMs = 400, pollMs = 30_000, log = console.log }: LiveOptions = {},
): LiveLibrary {
  let latest: Library | null = null;
  let building = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  let poller: NodeJS.Timeout | undefined;
  let reported = new Set<string>();

  /** Logs each skipped file or id clash once, not again on every rebuild. */
  function report(next: Library) {
    const notes = new Map<string, string>([
      ...next.outside.map((rel) => [`outside:${rel}`, `音乐库：已跳过指向音乐库之外的文件或链接 ${rel}`] as const),
      ...next.unreadable.map((rel) => [`unreadable:${rel}`, `音乐库：无法读取 ${rel}，已跳过`] as const),
      ...next.collisions.map(
        (c) =>
          [
            `collision:${c.kind}:${c.key}`,
            `音乐库：${c.key} 与 ${c.other} 的 id 相同（${c.id}），${c.key} 已改用另一个 id`,
          ] as const,
      ),
    ]);
    for (const [key, line] of notes) if (!reported.has(key)) log(line);
    reported = new Set(notes.keys());
  }

  async function rebuild(): Promise<void> {
    if (building) {
      again = true;
      return;
    }
    building = true;
    try {
      const startedAt = performance.now();
      const next = await buildLibrary(dir, latest ?? emptyLibrary());
      const changed =
        !latest || latest.songs.size !== next.songs.size || latest.playlists.length !== next.playlists.length;
      const first = !latest;
      latest = next;
      report(next);
      if (changed) {
        const ms = Math.round(performance.now() - startedAt);
        log(
          `音乐库${first ? '已索引' : '已更新'}：${next.playlists.length} 个歌单、${next.songs.size} 首歌，用时 ${ms} 毫秒`,
        );
      }
    } catch (error) {
      log(`音乐库索引失败，继续使用上一次的结果：${(error as Error).message}`);
      latest ??= emptyLibrary();
    } finally {
      building = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), debounceMs);
    timer.unref();
  }

  const first = rebuild();
  try {
    watcher = watch(dir, { recursive: true, persistent: false }, schedule);
    watcher.on('error', (error) => {
      log(`无法继续监视音乐库（${error.message}），改为每 ${pollMs / 1000} 秒检查一次`);
      watcher?.close();
      poller ??= setInterval(() => void rebuild(), pollMs).unref();
    });
  } catch (error) {
    log(`无法监视音乐库（${(error as Error).message}），改为每 ${pollMs / 1000} 秒检查一次`);
    poller = setInterval(() => void rebuild(), pollMs).unref();
  }

  return {
    async current() {
      if (!latest) await first;
      return latest ?? emptyLibrary();
    },
    close() {
      clearTimeout(timer);
      clearInterval(poller);
      watcher?.close();
    },
  };
}

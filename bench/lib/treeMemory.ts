/**
 * The peak memory of a process tree: every 50 ms, the resident memory of a process and all its
 * descendants, added up from /proc (Linux only). A build's peak is its process tree's, since
 * Astro, its bundler and its image workers share the work between them.
 */
import { readdirSync, readFileSync } from 'node:fs';

function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name in brackets may hold spaces: the fields after its closing bracket are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      map.set(Number(name), Number(fields[1]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return map;
}

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The tree's resident memory now, in bytes; `withRoot` false leaves the root process itself out. */
export function treeRss(root: number, withRoot = true): number {
  const parentOf = parents();
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!inTree.has(pid) && inTree.has(parent)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let kb = 0;
  for (const pid of inTree) if (withRoot || pid !== root) kb += rssKb(pid);
  return kb * 1024;
}

/** Samples the tree until stopped; answers the highest total seen. */
export function watchPeak(root: number, withRoot = true, everyMs = 50): { stop: () => number } {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(root, withRoot))), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

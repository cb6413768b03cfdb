/**
 * Builds side by side (README, 发布): `npm run build` writes each build into
 * `dist/releases/<时间>/` and then points `dist/current` at it by replacing one symlink, which
 * is atomic. `dist/client` and `dist/server` are symlinks through `current`, for tools that read
 * them. The server follows `current`: it loads a new build completely before it answers from it,
 * and keeps the one before for hashed assets that pages still open in a browser ask for.
 */
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export const RELEASES = 'releases';
export const CURRENT = 'current';
export const BUILD_STAMP = '.build-stamp';
/**
 * Written into a release when it goes live. A folder without it is a build still being written
 * (or one that crashed): a quick release published meanwhile must not prune it from under the build.
 */
export const PUBLISHED_MARK = '.published';
/** An unfinished build folder older than this is taken for a crashed build's leftovers. */
const UNFINISHED_KEPT_MS = 60 * 60 * 1000;

/** Where a finished build keeps the content export the API reads (http/liveBuild.ts). */
export const contentExportOf = (release: string) => join(release, 'server', 'content');

/** The build the server should answer from: where `current` points, or `distDir` itself for a build made before releases. */
export function currentRelease(distDir: string): string {
  const link = join(distDir, CURRENT);
  return existsSync(link) ? realpathSync(link) : resolve(distDir);
}

const wentLive = (release: string) => existsSync(join(release, PUBLISHED_MARK));

/** The newest build other than `release` that went live, whose hashed assets pages opened before the switch may still ask for. */
export function previousRelease(distDir: string, release: string): string | null {
  const dir = join(distDir, RELEASES);
  if (!existsSync(dir)) return null;
  const others = readdirSync(dir)
    .map((name) => resolve(dir, name))
    .filter((path) => path !== release && wentLive(path))
    .sort();
  return others.at(-1) ?? null;
}

/** A fresh folder for the next build, named by its time so they sort in order (`kind` tells a quick release from a build). */
export function newReleaseDir(distDir: string, now = new Date(), kind = ''): string {
  const dir = resolve(
    distDir,
    RELEASES,
    now.toISOString().replaceAll(':', '-').replace('.', '-') + (kind ? `-${kind}` : ''),
  );
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** `link` → `target` (relative), replacing whatever is there in one rename. */
function pointAt(link: string, target: string): void {
  const temporary = `${link}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  symlinkSync(relative(resolve(link, '..'), target), temporary);
  renameSync(temporary, link);
}

/**
 * Makes `release` the live build, then removes builds older than the one it replaces. A `dist/`
 * from before releases (real `client/` and `server/` folders) is moved aside as a release of its own.
 */
export function publishRelease(distDir: string, release: string, now = new Date()): void {
  const root = resolve(distDir);
  for (const name of ['client', 'server']) {
    const path = join(root, name);
    if (existsSync(path) && !lstatSync(path).isSymbolicLink()) {
      const legacy = join(root, RELEASES, `0000-legacy-${now.getTime()}`);
      mkdirSync(legacy, { recursive: true });
      renameSync(path, join(legacy, name));
    }
  }
  pointAt(join(root, CURRENT), release);
  for (const name of ['client', 'server']) {
    const link = join(root, name);
    if (!existsSync(link) || readlinkSync(link) !== join(CURRENT, name)) pointAt(link, join(root, CURRENT, name));
  }
  writeFileSync(join(release, PUBLISHED_MARK), now.toISOString());
  writeFileSync(join(root, BUILD_STAMP), now.toISOString());
  pruneReleases(root, release, now);
}

/**
 * Keeps the live build and the one before it (a reader's open page may still need that one's
 * assets), and any build still being written.
 */
export function pruneReleases(distDir: string, live: string, now = new Date()): string[] {
  const dir = join(distDir, RELEASES);
  const all = readdirSync(dir)
    .map((name) => resolve(dir, name))
    .sort();
  const keep = new Set([resolve(live), previousRelease(distDir, resolve(live))]);
  const unfinished = (path: string) => !wentLive(path) && now.getTime() - statSync(path).mtimeMs < UNFINISHED_KEPT_MS;
  const removed = all.filter((path) => !keep.has(path) && !unfinished(path));
  for (const path of removed) rmSync(path, { recursive: true, force: true });
  return removed;
}

/**
 * A new release folder holding the same files as `release`, as hard links: made in a moment and
 * taking no space, for a change to a few files (writing/quickRelease.ts). Files in it must be
 * replaced (written elsewhere and renamed over), never written in place, or `release` changes too.
 */
export function linkedCopy(release: string, to: string): void {
  const made = new Set<string>();
  const folderFor = (target: string) => {
    const folder = dirname(target);
    if (!made.has(folder)) mkdirSync(folder, { recursive: true });
    made.add(folder);
  };
  for (const entry of readdirSync(release, { withFileTypes: true, recursive: true })) {
    if (entry.isDirectory() || entry.name === PUBLISHED_MARK) continue;
    const from = join(entry.parentPath, entry.name);
    const target = join(to, relative(release, from));
    folderFor(target);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(from), target);
    else linkSync(from, target);
  }
}

/** Calls `onChange` with the new build's folder whenever `current` is pointed elsewhere. */
export function watchReleases(
  distDir: string,
  onChange: (release: string) => Promise<void>,
  everyMs = 1000,
): () => void {
  let known = currentRelease(distDir);
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    let now: string;
    try {
      now = currentRelease(distDir);
    } catch {
      return; // Mid-switch or mid-prune: look again on the next tick.
    }
    if (now === known) return;
    busy = true;
    try {
      await onChange(now);
      known = now;
    } catch (error) {
      console.error(`加载新的构建失败，继续使用当前的构建：${(error as Error).message}`);
      known = now;
    } finally {
      busy = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The `node_modules` folder the project's packages are installed in: the nearest one above this file. */
export function projectPackagesDir(from = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules');
    if (existsSync(candidate)) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`找不到项目的 node_modules（从 ${from} 向上查找），请先运行 npm install`);
  }
}

/**
 * The built server imports its packages by name (`astro`, `react`, `@oslojs/encoding`), and Node
 * looks for them in the `node_modules` of the folders above the importing file. A `DIST_DIR` outside
 * the project has none there, so it gets `<DIST_DIR>/node_modules` pointing at the project's. Inside
 * the project nothing is needed. Returns the link it made or found, or null when none is needed.
 */
export function linkProjectPackages(distDir: string, packagesDir = projectPackagesDir()): string | null {
  mkdirSync(distDir, { recursive: true });
  // Node resolves from the real path of the importing file, so compare real paths.
  const root = realpathSync(distDir);
  const fromProject = relative(dirname(packagesDir), root);
  const outside = fromProject === '..' || fromProject.startsWith(`..${sep}`) || isAbsolute(fromProject);
  if (!outside) return null;
  const link = join(root, 'node_modules');
  const existing = lstatSync(link, { throwIfNoEntry: false });
  if (existing && !existing.isSymbolicLink()) return link; // The owner's own folder: leave it.
  if (!existing || !existsSync(link) || realpathSync(link) !== packagesDir) pointAt(link, packagesDir);
  return link;
}

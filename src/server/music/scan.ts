/**
 * Walks the library. Every entry is resolved to its real path and dropped unless that path
 * lies inside the library, so a symlink can never lead the server to a file outside it.
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

export const AUDIO_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/opus',
  '.flac': 'audio/flac',
  '.wav': 'audio/wav',
};
const COVER_NAMES = ['cover.jpg', 'cover.jpeg', 'cover.png'];

export interface FoundFile {
  /** Relative to the library, with forward slashes, as the owner sees it (links not followed). */
  rel: string;
  real: string;
  size: number;
  mtimeMs: number;
}

export interface FoundAudio extends FoundFile {
  lrc?: FoundFile;
}

export interface FoundFolder {
  /** The top-level folder's name; files lying in the library root form the folder named ''. */
  name: string;
  cover?: FoundFile;
  audio: FoundAudio[];
}

export interface Scan {
  folders: FoundFolder[];
  /** Entries that resolve outside the library, for the log. */
  outside: string[];
}

const isInside = (root: string, real: string) => real === root || real.startsWith(root + sep);
const baseOf = (name: string) => name.slice(0, name.length - extname(name).length).toLowerCase();

export async function scanLibrary(dir: string): Promise<Scan> {
  const root = await realpath(dir);
  const scan: Scan = { folders: [], outside: [] };
  const folders = new Map<string, FoundFolder>();
  const visited = new Set<string>();

  async function resolveEntry(path: string) {
    const real = await realpath(path).catch(() => null);
    if (!real) return null;
    if (!isInside(root, real)) {
      scan.outside.push(relative(dir, path).split(sep).join('/'));
      return null;
    }
    const stats = await stat(real).catch(() => null);
    return stats ? { real, stats } : null;
  }

  async function walk(path: string, top: string | null): Promise<void> {
    const real = await realpath(path);
    if (visited.has(real)) return; // a link back up the tree
    visited.add(real);
    const entries: Dirent[] = await readdir(path, { withFileTypes: true }).catch(() => []);
    const files: (FoundFile & { name: string })[] = [];
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue;
      const child = join(path, entry.name);
      const found = await resolveEntry(child);
      if (!found) continue;
      if (found.stats.isDirectory()) await walk(child, top ?? entry.name);
      else if (found.stats.isFile()) {
        const rel = relative(dir, child).split(sep).join('/');
        files.push({ name: entry.name, rel, real: found.real, size: found.stats.size, mtimeMs: found.stats.mtimeMs });
      }
    }
    const name = top ?? '';
    const folder = folders.get(name) ?? { name, audio: [] };
    folders.set(name, folder);
    for (const file of files) {
      const lower = file.name.toLowerCase();
      if (top !== null && path === join(dir, top) && COVER_NAMES.includes(lower)) folder.cover ??= file;
      if (!AUDIO_TYPES[extname(lower)]) continue;
      const lrc = files.find(
        (other) => other.name.toLowerCase().endsWith('.lrc') && baseOf(other.name) === baseOf(file.name),
      );
      folder.audio.push({ ...file, ...(lrc ? { lrc } : {}) });
    }
  }

  await walk(dir, null);
  scan.folders = [...folders.values()].filter((folder) => folder.audio.length > 0);
  return scan;
}

/** Whether the library holds any audio at all; stops at the first file found. */
export async function hasAudio(dir: string): Promise<boolean> {
  const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isFile() && AUDIO_TYPES[extname(entry.name).toLowerCase()]) return true;
    if (entry.isDirectory() && (await hasAudio(join(dir, entry.name)))) return true;
  }
  return false;
}

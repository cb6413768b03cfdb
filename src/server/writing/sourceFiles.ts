/**
 * The owner's Markdown files, as the console reads and writes them: front matter and body, a
 * revision that tells a hand edit made since the file was opened, and a recycle bin beside the
 * collections (`<CONTENT_DIR>/.trash/<kind>/`), which the build never reads. The Markdown stays the
 * one source of truth: what is written here is what a hand edit writes, and hand edits are read back.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { splitFrontMatter } from '../../lib/shared/frontMatter.ts';

export type ContentKind = 'articles' | 'talks';

export interface SourceFile {
  /** The `id` of the front matter; 0 when the file has none the console can read. */
  id: number;
  /** From the kind's folder (or its recycle bin), with `/`. */
  path: string;
  data: Record<string, unknown>;
  body: string;
  /** The whole file as it is on disk. */
  source: string;
  /** Changes with every byte of the file: a save names the revision it was based on. */
  revision: string;
  trashed: boolean;
  /** Why the front matter could not be read, for the console to show. */
  problem: string | null;
}

export const TRASH = '.trash';

export const revisionOf = (source: string) => createHash('sha256').update(source).digest('hex').slice(0, 16);

/** Splits a Markdown file into its front matter and body; a file without front matter is all body. */
export function parseSource(source: string): { data: Record<string, unknown>; body: string; problem: string | null } {
  const { yaml, body } = splitFrontMatter(source);
  if (yaml === null) return { data: {}, body, problem: '文件开头没有 --- 包围的 front matter' };
  try {
    const data = parseYaml(yaml, { schema: 'core' }) as unknown;
    if (!data || typeof data !== 'object' || Array.isArray(data))
      return { data: {}, body, problem: 'front matter 不是键值对' };
    return { data: data as Record<string, unknown>, body, problem: null };
  } catch (error) {
    return { data: {}, body, problem: `front matter 无法解析：${(error as Error).message.split('\n')[0]}` };
  }
}

/** Front matter and body as one file, the keys in the order given, empty values left out. */
export function formatSource(data: Record<string, unknown>, body: string): string {
  const kept = Object.fromEntries(
    Object.entries(data).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  const yaml = stringifyYaml(kept, { lineWidth: 0, defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' });
  return `---\n${yaml}---\n\n${body.trimEnd()}\n`;
}

function toFile(path: string, source: string, trashed: boolean): SourceFile {
  const { data, body, problem } = parseSource(source);
  const id = Number.isSafeInteger(data.id) && (data.id as number) > 0 ? (data.id as number) : 0;
  return {
    id,
    path,
    data,
    body,
    source,
    revision: revisionOf(source),
    trashed,
    problem: problem ?? (id ? null : 'front matter 缺少正整数 id'),
  };
}

async function markdownFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => join(e.parentPath, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Writes through a temporary file and a rename, so a reader (or the build) never sees half a file.
 * Drafts and private articles are in these files: like the database, they are the owner's alone
 * (0600, in folders made 0700); the build runs as the same user.
 */
export async function writeAtomically(path: string, content: string | Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, path);
}

/** `path`, or `<name>-<n>.md` with the first n, that no file in any of `dirs` has: a new or moved file never replaces another. */
async function freePath(dirs: string[], path: string): Promise<string> {
  const taken = async (candidate: string) =>
    (await Promise.all(dirs.map((dir) => stat(join(dir, candidate)).catch(() => null)))).some(Boolean);
  let candidate = path;
  for (let n = 2; await taken(candidate); n++) candidate = path.replace(/\.md$/, `-${n}.md`);
  return candidate;
}

async function moveFree(from: string, dir: string, path: string): Promise<void> {
  const to = join(dir, await freePath([dir], path));
  await mkdir(dirname(to), { recursive: true, mode: 0o700 });
  await rename(from, to);
}

export function createSourceFiles(root: string, kind: ContentKind) {
  const live = join(root, kind);
  const trash = join(root, TRASH, kind);
  const cache = new Map<string, { mtimeMs: number; size: number; file: SourceFile }>();

  async function readOne(absolute: string, trashed: boolean): Promise<SourceFile | null> {
    const info = await stat(absolute).catch(() => null);
    if (!info) return null;
    const known = cache.get(absolute);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known.file;
    const source = await readFile(absolute, 'utf8');
    const file = toFile(
      relative(trashed ? trash : live, absolute)
        .split(sep)
        .join('/'),
      source,
      trashed,
    );
    cache.set(absolute, { mtimeMs: info.mtimeMs, size: info.size, file });
    return file;
  }

  const absoluteOf = (file: Pick<SourceFile, 'path' | 'trashed'>) => join(file.trashed ? trash : live, file.path);

  /** Every file, live and in the recycle bin; unreadable ones too, with their problem. */
  async function all(): Promise<SourceFile[]> {
    const [inLive, inTrash] = await Promise.all([markdownFiles(live), markdownFiles(trash)]);
    const seen = new Set([...inLive, ...inTrash]);
    for (const path of cache.keys()) if (!seen.has(path)) cache.delete(path);
    const files = await Promise.all([...inLive.map((p) => readOne(p, false)), ...inTrash.map((p) => readOne(p, true))]);
    return files.filter((f): f is SourceFile => f !== null);
  }

  async function find(id: number): Promise<SourceFile | null> {
    return (await all()).find((file) => file.id === id) ?? null;
  }

  return {
    dir: live,
    all,
    find,
    /** Re-reads one file, skipping the cache: what is on disk at this moment. */
    async reread(file: SourceFile): Promise<SourceFile | null> {
      cache.delete(absoluteOf(file));
      return readOne(absoluteOf(file), file.trashed);
    },
    async nextId(): Promise<number> {
      return Math.max(0, ...(await all()).map((f) => f.id)) + 1;
    },
    /** Writes `source` over `file`. */
    async write(file: SourceFile, source: string): Promise<SourceFile> {
      const absolute = absoluteOf(file);
      await writeAtomically(absolute, source);
      cache.delete(absolute);
      return (await readOne(absolute, file.trashed))!;
    },
    /** A new live file at `path`, or under a free variant of it when a file live or in the bin has that name. */
    async create(path: string, source: string): Promise<SourceFile> {
      const absolute = join(live, await freePath([live, trash], path));
      await writeAtomically(absolute, source);
      return (await readOne(absolute, false))!;
    },
    /** Into the recycle bin; a file of the same name already there keeps its place, and this one takes a free name. */
    async moveToTrash(file: SourceFile): Promise<void> {
      await moveFree(absoluteOf(file), trash, file.path);
    },
    /** Out of the recycle bin; a live file written since under the same name is never replaced. */
    async restore(file: SourceFile): Promise<void> {
      await moveFree(absoluteOf(file), live, file.path);
    },
    async remove(file: SourceFile): Promise<void> {
      await rm(absoluteOf(file), { force: true });
      cache.delete(absoluteOf(file));
    },
  };
}

export type SourceFiles = ReturnType<typeof createSourceFiles>;

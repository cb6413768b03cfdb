/**
 * The files of an export: the owner's Markdown exactly as it is on disk (with the pictures beside
 * the articles and the recycle bin), and the uploads the exported rows name. Copied one by one in
 * name order, leaving out the console's half-written temporaries, so an export holds only what the
 * site itself would read.
 */
import { copyFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { parseSource } from '../writing/sourceFiles.ts';
import { uploadedFileName, UPLOAD_URL_PREFIX } from '../uploads/images.ts';
import { markdownImageTargets } from '../../lib/node/contentImages.ts';

/** Directories 0700, files 0600: an export may hold drafts, private articles, addresses and hashes. */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** `writeAtomically`'s temporaries (`<file>.<pid>.<ms>.tmp`) and hidden files are no content of the site. */
const skipped = (name: string) => name.startsWith('.') || name.endsWith('.tmp');

const exists = async (path: string) => Boolean(await stat(path).catch(() => null));

/** Every file under `dir`, relative with `/`, sorted; none when it does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  if (!(await exists(dir))) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some(skipped))
    .sort();
}

export async function copyFileInto(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true, mode: PRIVATE_DIR });
  await copyFile(from, to);
}

/** Copies the tree; answers the files copied, relative to `from`. */
export async function copyTree(from: string, to: string): Promise<string[]> {
  const files = await listFiles(from);
  for (const file of files) await copyFileInto(join(from, file), join(to, file));
  return files;
}

export interface MarkdownFile {
  path: string;
  data: Record<string, unknown>;
  body: string;
}

/** The Markdown files of a kind's folder (or its recycle bin), parsed as the console parses them. */
export async function readMarkdown(dir: string): Promise<MarkdownFile[]> {
  const files = (await listFiles(dir)).filter((path) => path.endsWith('.md'));
  return Promise.all(
    files.map(async (path) => {
      const { data, body } = parseSource(await readFile(join(dir, path), 'utf8'));
      return { path, data, body };
    }),
  );
}

/** The upload names (`<hex>.<ext>`) among the given site paths; anything else is not an upload of this site. */
export function uploadNames(paths: Iterable<unknown>): Set<string> {
  const names = new Set<string>();
  for (const path of paths) {
    const name = typeof path === 'string' ? uploadedFileName(path) : null;
    if (name) names.add(name);
  }
  return names;
}

/** The site paths of pictures a talk or an article names, for uploads.ts to pick the uploads among. */
export function picturesOf(file: MarkdownFile): string[] {
  const images = Array.isArray(file.data.images) ? (file.data.images as unknown[]) : [];
  return [
    ...images.filter((image): image is string => typeof image === 'string'),
    ...markdownImageTargets(file.body).filter((target) => target.startsWith(UPLOAD_URL_PREFIX)),
  ];
}

/** Copies the named uploads that exist; answers those copied and those the rows name but the folder lacks. */
export async function copyUploads(
  uploadDir: string,
  names: Set<string>,
  to: string,
): Promise<{ copied: string[]; missing: string[] }> {
  const copied: string[] = [];
  const missing: string[] = [];
  for (const name of [...names].sort()) {
    const from = join(uploadDir, name);
    if (await exists(from)) {
      await copyFileInto(from, join(to, name));
      copied.push(name);
    } else missing.push(`${UPLOAD_URL_PREFIX}${name}`);
  }
  return { copied, missing };
}

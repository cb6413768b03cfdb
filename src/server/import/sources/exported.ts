/**
 * Our own export (src/server/export) read back as a Bundle: moving to another copy of this blog,
 * or restoring into an empty one, goes through the same import as every other source. Keys are
 * `export:<kind>:<id>` of the exporting site, so importing one export twice brings nothing twice.
 * A `.zip` of the folder (the console's download, `npm run export -- --zip`) is unpacked first.
 *
 * The rows (data/*.json) are read in exportedRows.ts.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { articleSource, talkFrontmatter } from '../../../lib/shared/contentSchema.ts';
import { uploadedFileName } from '../../uploads/images.ts';
import {
  DATA_FILES,
  EXPORT_FORMAT,
  EXPORT_PARTS,
  EXPORT_VERSION,
  exportedComment,
  exportedLike,
  exportedLink,
  exportedMessage,
  exportedSite,
  exportedStats,
  exportedUser,
  type ExportedStats,
  type ExportManifest,
} from '../../export/format.ts';
import { listFiles, readMarkdown, type MarkdownFile } from '../../export/files.ts';
import { unzipTo } from '../../export/zip.ts';
import { emptyBundle, type Bundle, type ImageRef, type ImageSource } from '../bundle.ts';
import { exportKey as key, readPeople, readSite, readWords } from './exportedRows.ts';
import { findMarkdownImages } from './markdownImages.ts';

/** The folder an export's files are in: the folder itself, or a zip unpacked (into one kept until the process ends, for the pictures' `file`s). */
async function exportRoot(path: string): Promise<string> {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) throw new Error(`找不到 ${path}`);
  if (info.isDirectory()) return path;
  const unpacked = mkdtempSync(join(tmpdir(), 'mengblog-export-'));
  process.once('exit', () => rmSync(unpacked, { recursive: true, force: true }));
  await unzipTo(path, unpacked);
  if (existsSync(join(unpacked, EXPORT_PARTS.manifest))) return unpacked;
  // A folder zipped by hand holds the folder itself.
  const inside = (await readdir(unpacked, { withFileTypes: true })).filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith('__MACOSX'),
  );
  return inside.length === 1 ? join(unpacked, inside[0].name) : unpacked;
}

async function readJson<T>(root: string, path: string): Promise<T> {
  let text: string;
  try {
    text = await readFile(join(root, path), 'utf8');
  } catch {
    throw new Error(`导出不完整：缺少 ${path}`);
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new Error(`${path} 不是有效的 JSON：${(error as Error).message}`);
  }
}

/** zod's messages in Chinese, for this parse alone: the import is a command of its own, not the server that sets them for all. */
const IN_CHINESE = z.locales.zhCN().localeError;

/** A data file, checked against its schema (export/format.ts): a hand-edited file fails with where it is wrong. */
async function readData<T>(root: string, name: keyof typeof DATA_FILES, schema: z.ZodType<T>): Promise<T> {
  const path = posix.join(EXPORT_PARTS.data, DATA_FILES[name]);
  const parsed = schema.safeParse(await readJson<unknown>(root, path), { error: IN_CHINESE });
  if (!parsed.success) throw new Error(`${path} 的内容不对：${rowIssueOf(parsed.error)}`);
  return parsed.data;
}

/** The first problem, named by the row it is in (`第 3 条的 username`) rather than by zod's path. */
function rowIssueOf(error: z.ZodError): string {
  const [{ path, message }] = error.issues;
  const [first, ...rest] = path.map(String);
  const where =
    first === undefined
      ? '整个文件'
      : /^\d+$/.test(first)
        ? `第 ${Number(first) + 1} 条${rest.length ? `的 ${rest.join('.')}` : ''}`
        : path.join('.');
  return `${where}：${message}`;
}

async function checkManifest(root: string): Promise<ExportManifest> {
  if (!existsSync(join(root, EXPORT_PARTS.manifest)))
    throw new Error('这不是本博客的导出：没有 manifest.json（请选择 npm run export 生成的文件夹或 zip）');
  const manifest = await readJson<Partial<ExportManifest>>(root, EXPORT_PARTS.manifest);
  if (manifest?.format !== EXPORT_FORMAT)
    throw new Error(
      `这不是本博客的导出：manifest.json 的 format 是 ${String(manifest?.format)}，应为 ${EXPORT_FORMAT}`,
    );
  if (manifest.version !== EXPORT_VERSION)
    throw new Error(
      `不支持的导出格式版本 ${String(manifest.version)}（本程序只能读取版本 ${EXPORT_VERSION}），请用导出它的版本或更新的程序导入`,
    );
  return manifest as ExportManifest;
}

/**
 * Where a picture named on the site is in the export: a relative path beside its Markdown file,
 * an upload, or the web. The site's own public files (`/img/…`) are not in an export: null.
 */
function sourceOf(root: string, base: string, target: string): ImageSource | null {
  if (/^https?:\/\//i.test(target)) return { url: target };
  if (target.startsWith('//')) return { url: `https:${target}` };
  const upload = uploadedFileName(target);
  if (upload) {
    const file = join(root, EXPORT_PARTS.uploads, upload);
    return existsSync(file) ? { file } : null;
  }
  if (/^(?:[a-z][a-z\d+.-]*:|\/|#)/i.test(target)) return null;
  const end = target.search(/[?#]/);
  let path = end < 0 ? target : target.slice(0, end);
  try {
    path = decodeURI(path);
  } catch {
    // Not percent-encoded after all: the text as written.
  }
  const file = resolve(base, path);
  const inside = relative(root, file);
  if (!inside || inside.startsWith('..') || inside.split(sep).includes('..')) return null;
  return statSync(file, { throwIfNoEntry: false })?.isFile() ? { file } : null;
}

/** Old addresses by article id, from `redirects.yaml` (`/old/path: /article/N`). */
async function oldPathsOf(root: string): Promise<Map<number, string[]>> {
  const byId = new Map<number, string[]>();
  const file = join(root, EXPORT_PARTS.redirects);
  if (!existsSync(file)) return byId;
  const map = parseYaml(await readFile(file, 'utf8'), { schema: 'core' }) as unknown;
  if (!map || typeof map !== 'object' || Array.isArray(map))
    throw new Error('redirects.yaml 应当是“旧地址: /article/编号”的列表');
  for (const [from, to] of Object.entries(map as Record<string, unknown>)) {
    const id = typeof to === 'number' ? to : Number(/^\/article\/(\d+)\/?$/.exec(String(to))?.[1]);
    if (Number.isSafeInteger(id) && id > 0) byId.set(id, [...(byId.get(id) ?? []), from]);
  }
  return byId;
}

const issueOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}：${issue.message}`).join('；');

async function readArticles(root: string, bundle: Bundle, stats: ExportedStats): Promise<void> {
  const dir = join(root, EXPORT_PARTS.articles);
  const counters = new Map(stats.articles.map((row) => [row.id, row]));
  const oldPaths = await oldPathsOf(root);
  const kinds: [string, boolean][] = [
    [EXPORT_PARTS.articles, false],
    [posix.join(EXPORT_PARTS.trash, 'articles'), true],
  ];
  for (const [folder, trashed] of kinds)
    for (const file of await readMarkdown(join(root, folder))) {
      const where = posix.join(folder, file.path);
      const parsed = articleSource.safeParse(file.data);
      if (!parsed.success) {
        bundle.leftBehind.push({ where, reason: `front matter 无法通过检查：${issueOf(parsed.error)}` });
        continue;
      }
      const a = parsed.data;
      // Pictures sit beside the live articles; a binned one names them from there too.
      const base = dirname(join(dir, trashed ? file.path.replace(/^.*\//, '') : file.path));
      const ref = (target: string, ref = target): ImageRef => ({ ref, from: sourceOf(root, base, target) });
      const counted = counters.get(a.id);
      bundle.articles.push({
        key: key('article', a.id),
        id: a.id,
        title: a.title,
        body: file.body,
        images: findMarkdownImages(file.body).map((image) => ref(image.target, image.ref)),
        ...(a.cover ? { cover: ref(a.cover) } : {}),
        ...(a.description ? { description: a.description } : {}),
        category: a.category,
        tags: a.tags,
        pinned: a.pinned,
        order: a.order,
        type: a.type,
        ...(a.origin_url ? { origin: a.origin_url } : {}),
        date: a.date,
        ...(a.updated ? { updated: a.updated } : {}),
        draft: a.draft,
        private: a.private,
        trashed,
        views: counted?.views ?? 0,
        likes: counted?.likes ?? 0,
        readingMs: counted?.reading_ms ?? 0,
        oldPaths: oldPaths.get(a.id) ?? [],
      });
    }
}

async function readTalks(root: string, bundle: Bundle, stats: ExportedStats): Promise<void> {
  const likes = new Map(stats.talks.map((row) => [row.id, row.likes]));
  const kinds: [string, boolean][] = [
    [EXPORT_PARTS.talks, false],
    [posix.join(EXPORT_PARTS.trash, 'talks'), true],
  ];
  for (const [folder, trashed] of kinds) {
    const files: MarkdownFile[] = await readMarkdown(join(root, folder));
    for (const file of files) {
      const parsed = talkFrontmatter.safeParse(file.data);
      if (!parsed.success) {
        bundle.leftBehind.push({
          where: posix.join(folder, file.path),
          reason: `front matter 无法通过检查：${issueOf(parsed.error)}`,
        });
        continue;
      }
      const t = parsed.data;
      const base = dirname(join(root, folder, file.path));
      bundle.talks.push({
        key: key('talk', t.id),
        id: t.id,
        body: file.body.trim(),
        images: t.images.map((image) => ({ ref: image, from: sourceOf(root, base, image) })),
        date: t.date,
        pinned: t.pinned,
        private: t.private,
        trashed,
        likes: likes.get(t.id) ?? 0,
      });
    }
  }
}

/** Reads an export folder, or its zip, as a Bundle. Refuses anything that is not our export, version 1. */
export async function readExport(folder: string): Promise<Bundle> {
  const root = await exportRoot(resolve(folder));
  const manifest = await checkManifest(root);
  // Named by when it was made, not where it lies: the same export moved elsewhere is still the same.
  // One site's exports, taken at different times, bring its settings and total views once.
  const bundle = emptyBundle(`本博客的导出（导出于 ${manifest.exportedAt}）`, 'export:site');
  const stats = await readData(root, 'stats', exportedStats);
  const site = await readData(root, 'site', exportedSite);
  await readArticles(root, bundle, stats);
  await readTalks(root, bundle, stats);
  readPeople(
    bundle,
    await readData(root, 'users', z.array(exportedUser)),
    await readData(root, 'links', z.array(exportedLink)),
  );
  readWords(
    bundle,
    await readData(root, 'comments', z.array(exportedComment)),
    await readData(root, 'messages', z.array(exportedMessage)),
    await readData(root, 'likes', z.array(exportedLike)),
  );
  readSite(bundle, site, stats);
  // The rows' own files: every upload in the export keeps its name.
  for (const name of await listFiles(join(root, EXPORT_PARTS.uploads)))
    bundle.uploads[`/uploads/${name}`] = { file: join(root, EXPORT_PARTS.uploads, name) };
  return bundle;
}

/**
 * The articles' content loader: Astro's `glob` loader, with one broken article left out of the
 * build instead of failing it. What breaks one article is caught where the loader handles that
 * article: front matter that does not parse, a field the content schema refuses, a cover or body
 * image that is not there, a body that does not render, an id another file has. Each one left out
 * is logged and listed with its file, field and reason (SkippedArticle), and the build puts the list
 * in the release (scripts/astro/releaseRecords.ts) for the console.
 *
 * A problem of the code rather than of one article still fails the build: the same reason for
 * every article of several is taken for one.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SkippedArticle } from '../../contract/writing.ts';
import { articleSource } from '../shared/contentSchema.ts';
import { isRelativeImage } from './contentImages.ts';

/** Where the loader leaves its list for the build to pick up, in Astro's cache folder. */
export const SKIPPED_LIST_IN_CACHE = 'skipped-articles.json';

export type Problem = Omit<SkippedArticle, 'file'>;

/** The image formats Astro's image step reads. */
const IMAGE_FILE = /\.(?:png|jpe?g|webp|avif|gif|svg|tiff?)$/i;

/** Why `target`, as `file` writes it (`what` it is: 封面, 正文里的图片), is no image the build can use; null when it is one. */
export async function imageProblem(file: string, target: string, what: string): Promise<string | null> {
  const path = resolve(dirname(file), decodeURI(target.split(/[?#]/)[0]));
  if (!existsSync(path) || !statSync(path).isFile()) return `找不到${what} ${target}（路径相对于文章所在的文件夹）`;
  if (!IMAGE_FILE.test(path)) return `${what} ${target} 不是图片（支持 jpg、png、webp、avif、gif、svg）`;
  try {
    const { default: sharp } = await import('sharp');
    await sharp(path, { limitInputPixels: false }).metadata();
    return null;
  } catch {
    return `${what} ${target} 已损坏，无法读取`;
  }
}

/** What is wrong with an article's front matter, read from `file`; empty when nothing is. */
export async function frontMatterProblems(data: Record<string, unknown>, file: string): Promise<Problem[]> {
  const parsed = articleSource.safeParse(data);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({
      field: issue.path.length ? String(issue.path[0]) : null,
      reason: issue.message,
    }));
  const { cover } = parsed.data;
  if (cover === undefined) return [];
  if (!isRelativeImage(cover))
    return [{ field: 'cover', reason: '封面必须是文章旁的图片，写相对路径，如 ./covers/山.jpg' }];
  const problem = await imageProblem(file, cover, '封面');
  return problem ? [{ field: 'cover', reason: problem }] : [];
}

/** Why the images a rendered body refers to cannot be built, or null when they can. */
async function bodyImageProblem(file: string, images: readonly string[]): Promise<string | null> {
  for (const image of images) {
    const problem = await imageProblem(file, image, '正文里的图片');
    if (problem) return problem;
  }
  return null;
}

/** The first line of an error, without Astro's colour codes. */
const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')[0]
    .trim();

type EntryType = {
  getEntryInfo(params: { fileUrl: URL; contents: string }): unknown;
  getRenderFunction?(
    config: unknown,
  ): Promise<(params: { filePath?: string; [key: string]: unknown }) => Promise<unknown>>;
};
/** Astro hands its loaders the entry types too (the `glob` loader reads Markdown through them), though its types leave them out. */
type GlobContext = LoaderContext & { entryTypes: Map<string, EntryType> };

interface Rendered {
  metadata?: { localImagePaths?: string[] };
}

/**
 * An entry type (Markdown's) whose failures on one file are that file's problem: front matter that
 * does not parse reads as empty, a body that does not render or refers to missing images as none.
 */
function guardedEntryType(
  type: EntryType,
  skip: (file: string, problem: Problem) => void,
  absoluteOf: (path: string) => string,
  skipped: ReadonlyMap<string, unknown>,
): EntryType {
  const guarded: EntryType = Object.create(type);
  guarded.getEntryInfo = async (params) => {
    try {
      return await type.getEntryInfo(params);
    } catch (error) {
      const line = (error as { loc?: { line?: number } }).loc?.line;
      const where = typeof line === 'number' ? `（front matter 第 ${line + 1} 行附近）` : '';
      skip(fileURLToPath(params.fileUrl), {
        field: null,
        reason: `front matter 格式有误，无法读取${where}：${firstLine(error)}`,
      });
      return { data: {}, body: '', slug: '', rawData: '' };
    }
  };
  if (type.getRenderFunction) {
    guarded.getRenderFunction = async (config) => {
      const render = await type.getRenderFunction!(config);
      return async (params) => {
        const file = params.filePath && absoluteOf(params.filePath);
        if (!file || skipped.has(file)) return undefined;
        try {
          const rendered = (await render(params)) as Rendered | undefined;
          const problem = await bodyImageProblem(file, rendered?.metadata?.localImagePaths ?? []);
          if (problem) skip(file, { field: 'body', reason: problem });
          return rendered;
        } catch (error) {
          skip(file, { field: 'body', reason: `正文无法渲染：${firstLine(error)}` });
          return undefined;
        }
      };
    };
  }
  return guarded;
}

/**
 * `inner` (a `glob` loader over `base`, relative to the project) with every article that cannot be
 * built left out and listed.
 */
export function skippingBrokenArticles(inner: Loader, base: string): Loader {
  return {
    name: `${inner.name}-skipping-broken`,
    async load(context) {
      const { config, logger, store } = context;
      const root = fileURLToPath(config.root);
      const folder = resolve(root, base);
      const skipped = new Map<string, SkippedArticle>();
      const fileOf = (absolute: string) => relative(folder, absolute).split(sep).join('/');
      const skip = (absolute: string, problem: Problem) => {
        if (skipped.has(absolute)) return;
        const entry = { file: fileOf(absolute), ...problem };
        skipped.set(absolute, entry);
        logger.warn(`跳过文章 ${entry.file}${entry.field ? `（${entry.field}）` : ''}：${entry.reason}`);
      };
      const absoluteOf = (path: string) => (isAbsolute(path) ? path : resolve(root, path));

      const { entryTypes } = context as GlobContext;
      const guarded = new Map(
        [...entryTypes].map(([extension, type]) => [extension, guardedEntryType(type, skip, absoluteOf, skipped)]),
      );

      await inner.load({
        ...context,
        entryTypes: guarded,
        async parseData(props) {
          const file = props.filePath && absoluteOf(props.filePath);
          if (!file) return context.parseData(props);
          if (skipped.has(file)) return props.data;
          const [problem] = await frontMatterProblems(props.data, file);
          if (problem) {
            skip(file, problem);
            return props.data;
          }
          try {
            return await context.parseData(props);
          } catch (error) {
            skip(file, { field: null, reason: firstLine(error) });
            return props.data;
          }
        },
        // The store is a class: the skipped entries' `set` becomes a `delete`, and the rest is the store's own.
        store: new Proxy(store, {
          get(target, key) {
            if (key === 'set') {
              return (entry: Parameters<typeof store.set>[0]) => {
                if (!entry.filePath || !skipped.has(absoluteOf(entry.filePath))) return target.set(entry);
                target.delete(entry.id);
                return false;
              };
            }
            const value = Reflect.get(target, key, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
      } as GlobContext);

      // Two files with one id: the first by file name keeps it.
      const byId = new Map<unknown, string>();
      for (const entry of [...store.values()].sort((a, b) => String(a.filePath).localeCompare(String(b.filePath)))) {
        const file = absoluteOf(entry.filePath ?? entry.id);
        const first = byId.get(entry.data.id);
        if (first === undefined) byId.set(entry.data.id, file);
        else {
          skip(file, {
            field: 'id',
            reason: `id ${String(entry.data.id)} 和 ${fileOf(first)} 的相同，请换一个没用过的 id`,
          });
          store.delete(entry.id);
        }
      }

      const list = [...skipped.values()].sort((a, b) => a.file.localeCompare(b.file));
      const reasons = new Set(list.map((s) => `${s.field}:${s.reason}`));
      if (list.length >= 3 && store.keys().length === 0 && reasons.size === 1) {
        throw new Error(`每篇文章都因同一个原因无法构建，这多半是代码的问题，不是某篇文章的：${list[0].reason}`);
      }
      const listFile = fileURLToPath(new URL(SKIPPED_LIST_IN_CACHE, config.cacheDir));
      mkdirSync(dirname(listFile), { recursive: true });
      writeFileSync(listFile, JSON.stringify(list, null, 2));
    },
  };
}

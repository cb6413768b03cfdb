/**
 * Articles as the console writes them: Markdown files under `<CONTENT_DIR>/articles`, checked by
 * the content schema the build uses, each save keeping the version it replaced and asking for a
 * publish. A save based on a revision the file no longer has (a hand edit) is a conflict, never an
 * overwrite. Edits to a live article wait beside it until published (liveEdits.ts).
 */
import type { Page } from '../../contract/envelope.ts';
import type {
  ArticleFilter,
  ArticleStatus,
  SaveArticleBody,
  Taxonomies,
  WritingArticle,
  WritingArticleRow,
} from '../../contract/writing.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import { Conflict, NotFound, Refused } from '../shared/errors.ts';
import { checked, dateOf, frontmatterOf, isLive, statusOf, text, toWritingArticle } from './articleFields.ts';
import { articleLiveEdits } from './liveEdits.ts';
import { recycleBin } from './recycleBin.ts';
import { createKeyedSerializer } from '../shared/serialize.ts';
import { formatSource, type SourceFile, type SourceFiles } from './sourceFiles.ts';
import type { Versions } from './versions.ts';
import type { ArticleChange } from './quickRelease.ts';
import { listStateOf, UNKNOWN_LIVE_BUILD, type LiveArticles } from './liveArticles.ts';

export interface ArticleWritingOptions {
  files: SourceFiles;
  versions: Versions;
  /** Called after every change readers may see, with the article when it is one; resolves once that article's page is live. */
  published: (change?: ArticleChange) => Promise<void>;
  /** The live build's articles, for the list's states. */
  live?: () => LiveArticles;
  clock?: () => Date;
}

const inFilter = (status: ArticleStatus, filter: ArticleFilter) =>
  status === filter || (filter === 'published' && status === 'scheduled');

/** `0035-astro-islands.md` from an English title, `0035.md` from a Chinese one. */
export function articleFileName(id: number, title: string): string {
  // Words are joined by single dashes, so a cut leaves at most one at the end.
  const cut = (title.toLowerCase().match(/[a-z0-9]+/g) ?? []).join('-').slice(0, 40);
  const slug = cut.endsWith('-') ? cut.slice(0, -1) : cut;
  return `${String(id).padStart(4, '0')}${slug ? `-${slug}` : ''}.md`;
}

export function createArticleWriting({
  files,
  versions,
  published,
  live = () => UNKNOWN_LIVE_BUILD,
  clock = () => new Date(),
}: ArticleWritingOptions) {
  const withLock = createKeyedSerializer();
  // A draft or private article was never on the site (binned or not); a scheduled one may be by now.
  const seenByReaders = (file: SourceFile) =>
    !['draft', 'private'].includes(statusOf({ ...file, trashed: false }, clock()));
  const bin = recycleBin({
    kind: 'articles',
    files,
    versions,
    withLock,
    seenByReaders,
    published,
    what: '文章',
  });
  const { fileOf, lockOf } = bin;
  const copies = versions.workingCopies;
  const liveEdits = articleLiveEdits({ files, versions, withLock, fileOf, lockOf, published, clock });

  async function write(
    before: SourceFile | null,
    id: number,
    input: SaveArticleBody,
    savedBy: number,
  ): Promise<WritingArticle> {
    const now = clock();
    if (before && !input.overwrite && input.base_revision !== before.revision) {
      throw new Conflict(
        '文章在你打开之后被修改过（可能是直接编辑了文件），请对比两个版本后再保存',
        toWritingArticle(before, now),
      );
    }
    if (before?.trashed) throw new Refused('文章在回收站里，请先恢复再编辑');
    // Saving a draft of a live article took it off the site 25 s later, without a word.
    if (before && !input.publish && isLive(statusOf(before, now)))
      throw new Refused('文章正在网站上：请用「暂存修改」保存而不影响线上，要下线请用「撤下」', ['publish']);
    const data = frontmatterOf(id, input, before, now);
    checked(data, input.body);
    // Nothing changed: no file write, no history entry, no build; any working copy is what is live.
    if (before && before.source === formatSource(data, input.body)) {
      await copies.clear(id);
      return toWritingArticle(before, now);
    }
    // A live article saved again with a change is 更新于 now; a first publish is not an update.
    if (before && statusOf(before, now) === 'published' && input.publish) data.updated = formatDateTime(now);
    const source = formatSource(data, input.body);
    if (before) await versions.keep('articles', id, before.source, savedBy, now.getTime());
    const saved = before
      ? await files.write(before, source)
      : await files.create(articleFileName(id, input.title), source);
    // The editor's fields, which held any working copy, are now the file's.
    if (before) await copies.clear(id);
    if (input.publish || (before && seenByReaders(before))) await published({ id, before, after: saved });
    return toWritingArticle(saved, now);
  }

  return {
    async list(
      filter: ArticleFilter,
      keyword: string,
      current: number,
      size: number,
    ): Promise<Page<WritingArticleRow>> {
      const now = clock();
      const needle = keyword.toLowerCase();
      const rows = (await files.all())
        .map((file) => ({ file, status: statusOf(file, now), date: dateOf(file.data.date) }))
        .filter(({ status }) => inFilter(status, filter))
        .filter(
          ({ file }) =>
            !needle || text(file.data.title).toLowerCase().includes(needle) || file.body.toLowerCase().includes(needle),
        )
        .sort(
          (a, b) =>
            Number(b.file.data.pinned === true) - Number(a.file.data.pinned === true) ||
            (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0) ||
            b.file.id - a.file.id,
        );
      const build = live();
      const list = rows.slice((current - 1) * size, current * size).map(({ file, status, date }) => ({
        id: file.id,
        title: text(file.data.title) || file.path,
        category: text(file.data.category),
        tags: Array.isArray(file.data.tags) ? file.data.tags.map(String) : [],
        status,
        pinned: file.data.pinned === true,
        date: date ? formatDateTime(date) : '',
        file: file.path,
        problem: file.problem,
        ...listStateOf(status, file.id, file.path, build),
      }));
      return { current, size, total: rows.length, list };
    },

    async open(id: number): Promise<WritingArticle> {
      return toWritingArticle(await fileOf(id), clock(), await liveEdits.pendingOf(id));
    },

    /** A new article (id null) or a save over one; `savedBy` is the admin, for the history. */
    async save(id: number | null, input: SaveArticleBody, savedBy: number): Promise<WritingArticle> {
      if (id === null) return withLock('new', async () => write(null, await files.nextId(), input, savedBy));
      return withLock(lockOf(id), async () => write(await fileOf(id), id, input, savedBy));
    },

    savePending: liveEdits.savePending,
    dropPending: liveEdits.dropPending,
    withdraw: liveEdits.withdraw,

    trash: bin.trash,
    restore: bin.restore,
    async destroy(id: number): Promise<void> {
      await bin.destroy(id);
      await copies.clear(id);
    },

    async history(id: number) {
      await fileOf(id);
      return versions.list('articles', id);
    },

    async version(id: number, versionId: number) {
      const version = await versions.one('articles', id, versionId);
      if (!version) throw new NotFound('这个历史版本不存在');
      return version;
    },

    /** Puts an older version back as a new save (so the current one becomes history in its turn). */
    async restoreVersion(id: number, versionId: number, savedBy: number): Promise<WritingArticle> {
      return withLock(lockOf(id), async () => {
        const file = await fileOf(id);
        if (file.trashed) throw new Refused('文章在回收站里，请先恢复');
        const version = await versions.one('articles', id, versionId);
        if (!version) throw new NotFound('这个历史版本不存在');
        const now = clock();
        await versions.keep('articles', id, file.source, savedBy, now.getTime());
        const saved = await files.write(file, version.source);
        // The version chosen replaces the edits that were waiting too.
        await copies.clear(id);
        await published({ id, before: file, after: saved });
        return toWritingArticle(saved, now);
      });
    },

    /** The latest date of the articles that became due after `builtAt` (their time came while no server was running to build them); null for none. */
    async lastDueSince(builtAt: Date): Promise<Date | null> {
      const now = clock();
      const due = (await files.all())
        .filter((f) => statusOf(f, now) === 'published')
        .map((f) => dateOf(f.data.date)?.getTime() ?? 0)
        .filter((date) => date > builtAt.getTime());
      return due.length ? new Date(Math.max(...due)) : null;
    },

    /** The earliest date a scheduled article goes live, so a build can run then. */
    async nextScheduled(): Promise<Date | null> {
      const now = clock();
      const dates = (await files.all())
        .filter((f) => statusOf(f, now) === 'scheduled')
        .map((f) => dateOf(f.data.date)!);
      return dates.length ? new Date(Math.min(...dates.map(Number))) : null;
    },

    /** Every category and tag of the articles outside the recycle bin, with how many use it. */
    async taxonomies(): Promise<Taxonomies> {
      const categories = new Map<string, number>();
      const tags = new Map<string, number>();
      for (const file of await files.all()) {
        if (file.trashed) continue;
        const category = text(file.data.category);
        if (category) categories.set(category, (categories.get(category) ?? 0) + 1);
        for (const tag of Array.isArray(file.data.tags) ? file.data.tags : [])
          if (typeof tag === 'string') tags.set(tag, (tags.get(tag) ?? 0) + 1);
      }
      const rows = (map: Map<string, number>) =>
        [...map]
          .map(([name, count]) => ({ name, count }))
          .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'zh-CN'));
      return { categories: rows(categories), tags: rows(tags) };
    },

    /** Renames a category or tag in every article that uses it; renaming onto an existing name merges them. */
    async renameName(kind: 'category' | 'tag', from: string, to: string, savedBy: number): Promise<number> {
      const now = clock();
      const affected = (await files.all()).filter((f) =>
        kind === 'category' ? f.data.category === from : Array.isArray(f.data.tags) && f.data.tags.includes(from),
      );
      for (const file of affected) {
        await withLock(lockOf(file.id), async () => {
          // Read again under the lock: binned, deleted, broken or changed by hand since the list was read means left alone.
          const current = await files.reread(file);
          if (!current || current.trashed || current.problem) return;
          const data = { ...current.data };
          if (kind === 'category') {
            if (data.category !== from) return;
            data.category = to;
          } else {
            if (!Array.isArray(data.tags) || !data.tags.includes(from)) return;
            data.tags = [...new Set(data.tags.map((t) => (t === from ? to : t)))];
          }
          await versions.keep('articles', current.id, current.source, savedBy, now.getTime());
          await files.write(current, formatSource(data, current.body));
        });
      }
      if (affected.some((f) => statusOf(f, now) === 'published')) await published();
      return affected.length;
    },
  };
}

export type ArticleWriting = ReturnType<typeof createArticleWriting>;

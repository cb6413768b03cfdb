/**
 * Editing an article readers see, as Ghost and WordPress do: 暂存修改 keeps the edits beside the
 * file without touching the live page; 更新 (a publishing save) writes them; 撤下 makes the article
 * a draft again, on purpose and never as a side effect of saving.
 */
import type { ArticleDraft, PendingEdit, SavePendingBody, WritingArticle } from '../../contract/writing.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import { Refused } from '../shared/errors.ts';
import type { createKeyedSerializer } from '../shared/serialize.ts';
import { pickDraft } from '../../contract/articleFields.ts';
import { checked, frontmatterOf, isLive, statusOf, toWritingArticle } from './articleFields.ts';
import { formatSource, type SourceFile, type SourceFiles } from './sourceFiles.ts';
import type { Versions } from './versions.ts';
import type { WorkingCopy } from './workingCopies.ts';
import type { ArticleChange } from './quickRelease.ts';

export interface LiveEditOptions {
  files: SourceFiles;
  versions: Versions;
  withLock: ReturnType<typeof createKeyedSerializer>;
  fileOf: (id: number) => Promise<SourceFile>;
  lockOf: (id: number) => string;
  published: (change: ArticleChange) => Promise<void>;
  clock: () => Date;
}

const IN_BIN = '文章在回收站里，请先恢复再编辑';

export const pendingEditOf = (copy: WorkingCopy | null): PendingEdit | null =>
  copy && { fields: copy.fields, base_revision: copy.baseRevision, saved_at: formatDateTime(copy.savedAt) };

export function articleLiveEdits({ files, versions, withLock, fileOf, lockOf, published, clock }: LiveEditOptions) {
  const copies = versions.workingCopies;
  const liveNow = (file: SourceFile) => isLive(statusOf(file, clock()));

  return {
    async pendingOf(id: number): Promise<PendingEdit | null> {
      return pendingEditOf(await copies.get(id));
    },

    /**
     * 暂存修改: checked as 更新 would check them, so publishing them later cannot fail on a field.
     * Edits that come back to what is live leave nothing pending.
     */
    async savePending(id: number, input: SavePendingBody, savedBy: number): Promise<WritingArticle> {
      return withLock(lockOf(id), async () => {
        const file = await fileOf(id);
        const now = clock();
        if (file.trashed) throw new Refused(IN_BIN);
        if (!liveNow(file)) throw new Refused('文章不在网站上，直接「保存草稿」即可', ['publish']);
        const data = frontmatterOf(id, { ...input, publish: true }, file, now);
        checked(data, input.body);
        if (formatSource(data, input.body) === file.source) {
          await copies.clear(id);
          return toWritingArticle(file, now);
        }
        const fields: ArticleDraft = pickDraft(input);
        await copies.put(id, fields, input.base_revision, savedBy, now.getTime());
        return toWritingArticle(file, now, pendingEditOf({ fields, baseRevision: input.base_revision, savedAt: now }));
      });
    },

    /** 放弃修改: the working copy goes, the live file stays. */
    async dropPending(id: number): Promise<WritingArticle> {
      return withLock(lockOf(id), async () => {
        const file = await fileOf(id);
        await copies.clear(id);
        return toWritingArticle(file, clock());
      });
    },

    /**
     * 撤下: the article becomes a draft, the version it replaces kept in the history. Its pending
     * edits go into the draft, unless the file was changed by hand since they began: then the file
     * as it is becomes the draft, and the edits stay pending, to meet that change as a conflict.
     */
    async withdraw(id: number, savedBy: number): Promise<WritingArticle> {
      return withLock(lockOf(id), async () => {
        const file = await fileOf(id);
        const now = clock();
        if (file.trashed) throw new Refused(IN_BIN);
        const copy = await copies.get(id);
        if (!liveNow(file)) return toWritingArticle(file, now, pendingEditOf(copy));
        const takesCopy = copy !== null && copy.baseRevision === file.revision;
        const source = takesCopy
          ? formatSource(frontmatterOf(id, { ...copy.fields, publish: false }, file, now), copy.fields.body)
          : formatSource({ ...file.data, draft: true }, file.body);
        await versions.keep('articles', id, file.source, savedBy, now.getTime());
        const saved = await files.write(file, source);
        if (takesCopy) await copies.clear(id);
        // Resolves once the page is down (a quick release), so 撤下 answers when readers get a 404.
        await published({ id, before: file, after: saved });
        return toWritingArticle(saved, now, takesCopy ? null : pendingEditOf(copy));
      });
    },
  };
}

/** The recycle bin of one kind of content: moving a file in and out, and deleting it for good from there. */
import { NotFound, Refused } from '../shared/errors.ts';
import type { createKeyedSerializer } from '../shared/serialize.ts';
import type { SourceFile, SourceFiles } from './sourceFiles.ts';
import type { Versions } from './versions.ts';

export interface RecycleBinOptions {
  kind: 'articles' | 'talks';
  files: SourceFiles;
  versions: Versions;
  withLock: ReturnType<typeof createKeyedSerializer>;
  /** Whether readers see the file now: moving it in or out must then publish. */
  seenByReaders: (file: SourceFile) => boolean;
  /** Told of the file leaving or coming back; resolves once readers see that. */
  published: (change: { id: number; before: SourceFile | null; after: SourceFile | null }) => Promise<void>;
  /** 文章, 这条说说: for the messages. */
  what: string;
}

export function recycleBin({ kind, files, versions, withLock, seenByReaders, published, what }: RecycleBinOptions) {
  const lockOf = (id: number) => `${kind}:${id}`;
  async function fileOf(id: number): Promise<SourceFile> {
    const file = await files.find(id);
    if (!file) throw new NotFound(`${what}不存在`);
    return file;
  }
  return {
    fileOf,
    lockOf,
    async trash(id: number): Promise<void> {
      await withLock(lockOf(id), async () => {
        const file = await fileOf(id);
        if (file.trashed) return;
        await files.moveToTrash(file);
        if (seenByReaders(file)) await published({ id, before: file, after: null });
      });
    },
    async restore(id: number): Promise<void> {
      await withLock(lockOf(id), async () => {
        const file = await fileOf(id);
        if (!file.trashed) return;
        await files.restore(file);
        // Back from the bin is a page the live build may no longer have: the full build brings it.
        if (seenByReaders(file)) await published({ id, before: null, after: file });
      });
    },
    /** Deletes for good: the file and its history. Only from the recycle bin. */
    async destroy(id: number): Promise<void> {
      await withLock(lockOf(id), async () => {
        const file = await fileOf(id);
        if (!file.trashed) throw new Refused(`只能彻底删除回收站里的${what}，请先移到回收站`);
        await files.remove(file);
        await versions.forget(kind, id);
      });
    },
  };
}

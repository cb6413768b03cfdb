/** Talks (说说) as the console writes them: one Markdown file each under `<CONTENT_DIR>/talks`, like articles. */
import type { SaveTalkBody, WritingTalk } from '../../contract/writing.ts';
import { TALK_BODY_MAX } from '../../contract/limits.ts';
import { talkFrontmatter } from '../../lib/shared/contentSchema.ts';
import { formatDateTime, parseSiteDate } from '../../lib/shared/time.ts';
import { Conflict, Refused } from '../shared/errors.ts';
import { isUploadedImagePath } from '../uploads/images.ts';
import { recycleBin } from './recycleBin.ts';
import { createKeyedSerializer } from '../shared/serialize.ts';
import { formatSource, type SourceFile, type SourceFiles } from './sourceFiles.ts';
import type { Versions } from './versions.ts';

export interface TalkWritingOptions {
  files: SourceFiles;
  versions: Versions;
  published: () => Promise<void>;
  clock?: () => Date;
}

/** A talk's image: an upload of this site, a file in its public folder, or an https address. */
const PUBLIC_OR_REMOTE_IMAGE = /^(?:\/img\/[\w./-]+|https:\/\/\S+)$/;
export const talkImageAllowed = (image: string) => isUploadedImagePath(image) || PUBLIC_OR_REMOTE_IMAGE.test(image);

export function toWritingTalk(file: SourceFile): WritingTalk {
  const d = file.data;
  const date = typeof d.date === 'string' ? parseSiteDate(d.date) : null;
  return {
    id: file.id,
    content: file.body.trim(),
    images: Array.isArray(d.images) ? d.images.filter((i): i is string => typeof i === 'string') : [],
    pinned: d.pinned === true,
    public: d.private !== true,
    date: date ? formatDateTime(date) : String(d.date ?? ''),
    trashed: file.trashed,
    revision: file.revision,
  };
}

export function createTalkWriting({ files, versions, published, clock = () => new Date() }: TalkWritingOptions) {
  const withLock = createKeyedSerializer();
  const seenByReaders = (file: SourceFile) => file.data.private !== true;
  const bin = recycleBin({ kind: 'talks', files, versions, withLock, seenByReaders, published, what: '说说' });
  const { fileOf, lockOf } = bin;

  async function write(
    before: SourceFile | null,
    id: number,
    input: SaveTalkBody,
    savedBy: number,
  ): Promise<WritingTalk> {
    if (before && input.base_revision !== before.revision)
      throw new Conflict('这条说说在你打开之后被修改过，请刷新后再编辑', toWritingTalk(before));
    if (before?.trashed) throw new Refused('这条说说在回收站里，请先恢复');
    const content = input.content.trim();
    if (!content) throw new Refused('请填写内容', ['content']);
    if (content.length > TALK_BODY_MAX) throw new Refused(`内容最多 ${TALK_BODY_MAX} 个字`, ['content']);
    const badImage = input.images.find((image) => !talkImageAllowed(image));
    if (badImage !== undefined) throw new Refused('图片必须是本站上传的图片或 https 地址', ['images']);
    const now = clock();
    const data = {
      ...(before?.data ?? {}),
      id,
      date: typeof before?.data.date === 'string' ? before.data.date : formatDateTime(now),
      images: input.images,
      pinned: input.pinned || undefined,
      private: input.public ? undefined : true,
    };
    const result = talkFrontmatter.safeParse(data);
    if (!result.success)
      throw new Refused(result.error.issues[0].message, [String(result.error.issues[0].path[0] ?? 'content')]);
    const source = formatSource(data, content);
    // Nothing changed: no file write, no history entry, no build (as for articles).
    if (before && before.source === source) return toWritingTalk(before);
    if (before) await versions.keep('talks', id, before.source, savedBy, now.getTime());
    const saved = before
      ? await files.write(before, source)
      : await files.create(`${String(id).padStart(4, '0')}.md`, source);
    // A private talk that stays private changes nothing readers see.
    if (seenByReaders(saved) || (before && seenByReaders(before))) await published();
    return toWritingTalk(saved);
  }

  return {
    /** Newest first; the recycle bin's apart. */
    async list(trashed: boolean): Promise<WritingTalk[]> {
      return (await files.all())
        .filter((file) => file.trashed === trashed && file.id)
        .map(toWritingTalk)
        .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.date.localeCompare(a.date) || b.id - a.id);
    },
    async save(id: number | null, input: SaveTalkBody, savedBy: number): Promise<WritingTalk> {
      if (id === null) return withLock('new', async () => write(null, await files.nextId(), input, savedBy));
      return withLock(lockOf(id), async () => write(await fileOf(id), id, input, savedBy));
    },
    trash: bin.trash,
    restore: bin.restore,
    destroy: bin.destroy,
  };
}

export type TalkWriting = ReturnType<typeof createTalkWriting>;

/**
 * An article's file as the editor's fields and back: its status, the front matter a save writes,
 * and the content schema's check of it (the build's own rules, so a save never breaks a build).
 */
import {
  LIVE_STATUSES,
  type ArticleDraft,
  type ArticleStatus,
  type PendingEdit,
  type WritingArticle,
} from '../../contract/writing.ts';
import { articleForm } from '../../lib/shared/articleForm.ts';
import { ARTICLE_BODY_MAX } from '../../contract/limits.ts';
import { articleFrontmatter } from '../../lib/shared/contentSchema.ts';
import { formatDateTime, parseSiteDate } from '../../lib/shared/time.ts';
import { Refused } from '../shared/errors.ts';
import type { SourceFile } from './sourceFiles.ts';

export const text = (value: unknown) =>
  typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : '';
export const dateOf = (value: unknown): Date | null =>
  typeof value === 'string' || value instanceof Date ? parseSiteDate(value) : null;

export function statusOf(file: SourceFile, now: Date): ArticleStatus {
  if (file.trashed) return 'trash';
  if (file.data.draft === true) return 'draft';
  if (file.data.private === true) return 'private';
  const date = dateOf(file.data.date);
  return date && date > now ? 'scheduled' : 'published';
}

/** Readers see it now, or will at its date: saving it must never take it off the site by surprise. */
export const isLive = (status: ArticleStatus) => LIVE_STATUSES.includes(status);

export function toWritingArticle(file: SourceFile, now: Date, pending: PendingEdit | null = null): WritingArticle {
  const d = file.data;
  const date = dateOf(d.date);
  return {
    id: file.id,
    ...articleForm.fromFrontmatter(d),
    body: file.body,
    cover: text(d.cover),
    public: d.private !== true,
    date: date ? formatDateTime(date) : text(d.date),
    status: statusOf(file, now),
    file: file.path,
    revision: file.revision,
    pending,
  };
}

/** The front matter for a save: the file's own keys kept (`order`, anything hand-written), the editor's replaced. */
export function frontmatterOf(
  id: number,
  input: ArticleDraft & { publish: boolean },
  before: SourceFile | null,
  now: Date,
): Record<string, unknown> {
  const old = before?.data ?? {};
  const date = input.date.trim() || (typeof old.date === 'string' ? old.date : formatDateTime(now));
  // Ordered as `npm run new:post` writes a file: the title and date first.
  const { title, ...edited } = articleForm.toFrontmatter(input);
  return {
    ...old,
    id,
    title,
    date,
    ...edited,
    updated: old.updated,
    cover: input.cover || undefined,
    draft: input.publish ? undefined : true,
    private: input.public ? undefined : true,
  };
}

/** The editor's field a schema path belongs to. */
const FIELD_OF: Record<string, string> = { private: 'public', draft: 'publish' };

/** Checks the front matter with the build's schema; the 400 names every wrong field, the first message first. */
export function checked(data: Record<string, unknown>, body: string): void {
  const result = articleFrontmatter.safeParse(data);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'body'), message: issue.message }));
  if (body.length > ARTICLE_BODY_MAX) problems.push({ field: 'body', message: `正文最多 ${ARTICLE_BODY_MAX} 个字符` });
  if (!body.trim()) problems.push({ field: 'body', message: '请填写正文' });
  if (problems.length)
    throw new Refused(problems[0].message, [...new Set(problems.map((p) => FIELD_OF[p.field] ?? p.field))]);
}

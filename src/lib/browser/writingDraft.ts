/** The editor's form, and what turns it into a save: pure, shared by the store and its tests. */
import { ARTICLE_BODY_MAX } from '../../contract/limits';
import { LIVE_STATUSES, type ArticleDraft, type ArticleStatus, type WritingArticle } from '../../contract/writing';
import { articleDraft, pickDraft } from '../../contract/articleFields';
import { articleForm } from '../shared/articleForm';
import { articleFrontmatter, ORIGIN_REQUIRED } from '../shared/contentSchema';

export const emptyDraft = (): ArticleDraft => articleDraft.parse({});

/** The form's fields of an article as the editor opened it. */
export const draftOf = (article: WritingArticle): ArticleDraft => pickDraft(article);

/** The same fields, whatever order they were stored in (a draft kept in the browser by an older version has another). */
export const sameDraft = (a: ArticleDraft, b: ArticleDraft) =>
  JSON.stringify(pickDraft(a)) === JSON.stringify(pickDraft(b));

/** Tags as typed: split on commas (either width) and spaces, blanks and repeats dropped. */
export const splitTags = (typed: string) => [
  ...new Set(
    typed
      .split(/[,，、\s]/)
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/**
 * Each field's first problem by the content schema the build and the server use, so the editor
 * shows it beside the field before sending. The id and date are the server's to fill.
 */
export function fieldProblems(draft: ArticleDraft): Record<string, string> {
  const result = articleFrontmatter.safeParse({
    id: 1,
    ...articleForm.toFrontmatter(draft),
    date: draft.date.trim() || '2000-01-01',
    cover: draft.cover || undefined,
  });
  const problems: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) problems[String(issue.path[0])] ??= issue.message;
  // The schema ties the fields together only once each is filled: the editor says it at once.
  if (!ORIGIN_REQUIRED.check({ type: draft.type, origin_url: draft.origin_url.trim() }))
    problems.origin_url ??= ORIGIN_REQUIRED.message;
  if (!draft.body.trim()) problems.body = '请填写正文';
  const tooLong = bodyTooLong(draft.body);
  if (tooLong) problems.body = tooLong;
  return problems;
}

/** Refused here at once: sent, a body past the server's limit took half a minute to come back refused. */
export const bodyTooLong = (body: string) =>
  body.length > ARTICLE_BODY_MAX ? `正文最多 ${ARTICLE_BODY_MAX} 个字符，现在有 ${body.length} 个` : null;

/** Readers see the article, or will at its date: the editor offers 更新 and 撤下, never 保存草稿. */
export const isLiveStatus = (status: ArticleStatus | null) => status !== null && LIVE_STATUSES.includes(status);

/** The editor's form, and what turns it into a save: pure, shared by the store and its tests. */
import { ARTICLE_BODY_MAX } from '../../contract/limits';
import { LIVE_STATUSES, type ArticleDraft, type ArticleStatus, type WritingArticle } from '../../contract/writing';
import { articleFrontmatter } from '../shared/contentSchema';

export const emptyDraft = (): ArticleDraft => ({
  title: '',
  body: '',
  description: '',
  category: '',
  tags: [],
  cover: '',
  type: 'original',
  origin_url: '',
  pinned: false,
  public: true,
  date: '',
});

export const draftOf = (article: WritingArticle): ArticleDraft => ({
  title: article.title,
  body: article.body,
  description: article.description,
  category: article.category,
  tags: article.tags,
  cover: article.cover,
  type: article.type,
  origin_url: article.origin_url,
  pinned: article.pinned,
  public: article.public,
  date: article.date,
});

export const sameDraft = (a: ArticleDraft, b: ArticleDraft) => JSON.stringify(a) === JSON.stringify(b);

/** Tags as typed: split on commas (either width) and spaces, blanks and repeats dropped. */
export const splitTags = (typed: string) => [...new Set(typed.split(/[,，、\s]/).map((t) => t.trim()).filter(Boolean))];

/**
 * Each field's first problem by the content schema the build and the server use, so the editor
 * shows it beside the field before sending. The id and date are the server's to fill.
 */
export function fieldProblems(draft: ArticleDraft): Record<string, string> {
  const result = articleFrontmatter.safeParse({
    id: 1,
    title: draft.title,
    date: draft.date.trim() || '2000-01-01',
    category: draft.category,
    tags: draft.tags,
    cover: draft.cover || undefined,
    description: draft.description || undefined,
    type: draft.type,
    origin_url: draft.type === 'original' ? undefined : draft.origin_url.trim() || undefined,
  });
  const problems: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) problems[String(issue.path[0])] ??= issue.message;
  if (!draft.body.trim()) problems.body = '请填写正文';
  const tooLong = bodyTooLong(draft.body);
  if (tooLong) problems.body = tooLong;
  return problems;
}

/** Refused here at once: sent, a body past the server's limit took half a minute to come back refused. */
export const bodyTooLong = (body: string) => (body.length > ARTICLE_BODY_MAX ? `正文最多 ${ARTICLE_BODY_MAX} 个字符，现在有 ${body.length} 个` : null);

/** Readers see the article, or will at its date: the editor offers 更新 and 撤下, never 保存草稿. */
export const isLiveStatus = (status: ArticleStatus | null) => status !== null && LIVE_STATUSES.includes(status);

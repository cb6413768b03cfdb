/** The editor's form, and what turns it into a save: pure, shared by the store and its tests. */
import type { ArticleDraft, WritingArticle } from '../../contract/writing';
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
  return problems;
}

/**
 * Imported articles and talks as our Markdown files: the same front matter a save from the console
 * writes, checked with the build's own schema, so an imported file builds like a hand-written one.
 * What our limits cannot hold (a title too long, too many tags) is cut to fit and said so.
 */
import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_TAGS_MAX,
  ARTICLE_TITLE_MAX,
  TALK_IMAGES_MAX,
} from '../../contract/limits.ts';
import { articleFrontmatter, talkFrontmatter } from '../../lib/shared/contentSchema.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import type { ImportedArticle, ImportedTalk } from './bundle.ts';

export interface Checked {
  data: Record<string, unknown>;
  /** What was cut to fit, one line each. */
  trimmed: string[];
  /** Why the file would not build; null when it would. */
  problem: string | null;
}

const firstIssue = (error: { issues: { path: PropertyKey[]; message: string }[] }) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '文件'}：${issue.message}` : '无法通过检查';
};

/** The front matter of an imported article, with the id it gets here and its cover once copied. */
export function articleData(article: ImportedArticle, id: number, cover: string | undefined): Checked {
  const trimmed: string[] = [];
  const cut = <T>(value: T[], max: number, what: string) => {
    if (value.length > max) trimmed.push(`${what}超过 ${max} 个，只保留前 ${max} 个`);
    return value.slice(0, max);
  };
  const clip = (value: string, max: number, what: string) => {
    const chars = [...value];
    if (chars.length > max) trimmed.push(`${what}超过 ${max} 个字，已截断`);
    return chars.slice(0, max).join('');
  };
  const tags = cut([...new Set(article.tags.map((tag) => tag.trim()).filter(Boolean))], ARTICLE_TAGS_MAX, '标签');
  const data: Record<string, unknown> = {
    id,
    title: clip(article.title.trim(), ARTICLE_TITLE_MAX, '标题'),
    date: formatDateTime(article.date),
    updated: article.updated ? formatDateTime(article.updated) : undefined,
    category: article.category.trim() || '未分类',
    tags: tags.length ? tags : ['未分类'],
    description: article.description ? clip(article.description.trim(), ARTICLE_DESCRIPTION_MAX, '摘要') : undefined,
    cover,
    pinned: article.pinned || undefined,
    type: article.type === 'original' ? undefined : article.type,
    origin_url: article.origin || undefined,
    order: article.order || undefined,
    draft: article.draft || undefined,
    private: article.private || undefined,
  };
  const parsed = articleFrontmatter.safeParse(data);
  return { data, trimmed, problem: parsed.success ? null : firstIssue(parsed.error) };
}

/** The front matter of an imported talk, with its pictures as they will be written. */
export function talkData(talk: ImportedTalk, id: number, images: string[]): Checked {
  const trimmed: string[] = [];
  if (images.length > TALK_IMAGES_MAX) trimmed.push(`图片超过 ${TALK_IMAGES_MAX} 张，只保留前 ${TALK_IMAGES_MAX} 张`);
  const data: Record<string, unknown> = {
    id,
    date: formatDateTime(talk.date),
    images: images.slice(0, TALK_IMAGES_MAX),
    pinned: talk.pinned || undefined,
    private: talk.private || undefined,
  };
  const parsed = talkFrontmatter.safeParse(data);
  return { data, trimmed, problem: parsed.success ? null : firstIssue(parsed.error) };
}

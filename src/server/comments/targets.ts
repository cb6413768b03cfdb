/**
 * What comments can be on, as the comment domain sees it: articles (type 1), talks (2) and
 * message-board posts (3). Each owning domain lends one CommentTarget, so the comment domain
 * never reads another domain's tables.
 */
import type { CommentTargetCode } from '../../contract/comments.ts';
import type { ArticleService } from '../articles/service.ts';

export interface CommentTargetInfo {
  /** Who is told of a new root comment on it; 0 when nobody (no owner account yet). */
  ownerId: number;
  /** How a notification names it, e.g. 文章《标题》; plain text, escaped when the message is built. */
  title: string;
}

export interface CommentTarget {
  /** null when there is no such target. */
  find(id: number): Promise<CommentTargetInfo | null>;
}

export type CommentTargets = Record<CommentTargetCode, CommentTarget>;

export function articleCommentTarget(articles: ArticleService): CommentTarget {
  return {
    async find(id) {
      const article = articles.find(id);
      return article ? { ownerId: articles.ownerId(), title: `文章《${article.title}》` } : null;
    },
  };
}

/**
 * Likes by type code, as the original front end asks for them (docs/api.md §4). Each
 * type is answered by the domain that owns its targets, on the same likes table as that
 * domain's own routes, so either way of liking records one like and counts it once.
 */
import { LIKE_TYPES, type LikeKind, type LikeTypeCode } from '../../contract/likes.ts';
import type { ArticleService } from '../articles/service.ts';

/** What a domain lends to generic likes. `null` or `false`: there is no target with that id. */
export interface LikeTarget {
  isLiked(id: number, actor: string): Promise<boolean | null>;
  /** Records (or removes) the actor's like; doing it twice changes nothing. */
  setLiked(id: number, actor: string, liked: boolean): Promise<boolean>;
}

/** `done`; `missing` when the target does not exist. */
export type LikeOutcome = 'done' | 'missing';

export function articleLikes(articles: ArticleService): LikeTarget {
  return {
    async isLiked(id, actor) {
      const article = articles.find(id);
      return article ? articles.isLiked(article, actor) : null;
    },
    async setLiked(id, actor, liked) {
      const article = articles.find(id);
      if (!article) return false;
      await (liked ? articles.like(article, actor) : articles.unlike(article, actor));
      return true;
    },
  };
}

/** Every type code has its domain's target. */
export function createLikeService(targets: Record<LikeKind, LikeTarget>) {
  return {
    /** `null` when the target does not exist. */
    isLiked: (type: LikeTypeCode, id: number, actor: string): Promise<boolean | null> => targets[LIKE_TYPES[type]].isLiked(id, actor),

    async setLiked(type: LikeTypeCode, id: number, actor: string, liked: boolean): Promise<LikeOutcome> {
      return (await targets[LIKE_TYPES[type]].setLiked(id, actor, liked)) ? 'done' : 'missing';
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;

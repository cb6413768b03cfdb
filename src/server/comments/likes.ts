/** Comment likes for the generic like routes (type 4), on the same rows as the comment routes' own. */
import type { LikeTarget } from '../likes/service.ts';
import type { CommentService } from './service.ts';

export function commentLikes(comments: CommentService): LikeTarget {
  return {
    isLiked: (id, actor) => comments.isLiked(id, actor),
    async setLiked(id, actor, liked) {
      return (await comments.setLiked(id, actor, liked)) !== null;
    },
  };
}

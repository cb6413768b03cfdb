/** What the message board lends to other domains: generic likes (type 3) and comments (type 3). */
import type { CommentTarget } from '../comments/targets.ts';
import type { LikeTarget } from '../likes/service.ts';
import type { MessageService } from './service.ts';

export function messageLikes(messages: MessageService): LikeTarget {
  return {
    isLiked: (id, actor) => messages.isLiked(id, actor),
    async setLiked(id, actor, liked) {
      return (await (liked ? messages.like(id, actor) : messages.unlike(id, actor))) !== null;
    },
  };
}

/** A comment on a post tells its author. */
export function messageCommentTarget(messages: MessageService): CommentTarget {
  return {
    async find(id) {
      const author = await messages.author(id);
      return author === null ? null : { ownerId: author, title: '留言' };
    },
  };
}

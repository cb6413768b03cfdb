/** What the message board lends to comments (type 3). */
import type { CommentTarget } from '../comments/targets.ts';
import type { MessageService } from './service.ts';

/** A comment on a message tells its author. */
export function messageCommentTarget(messages: MessageService): CommentTarget {
  return {
    async find(id) {
      const author = await messages.author(id);
      return author === null ? null : { ownerId: author, title: '留言' };
    },
  };
}

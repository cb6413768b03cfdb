/** What talks lend to comments (type 2). */
import type { CommentTarget } from '../comments/targets.ts';
import type { TalkService } from './service.ts';

/** A comment on a talk tells the site's owner, whose talks they are. */
export function talkCommentTarget(talks: TalkService): CommentTarget {
  return {
    async find(id) {
      return talks.find(id) ? { ownerId: talks.ownerId(), title: '说说' } : null;
    },
  };
}

/** What talks lend to other domains: generic likes (type 2) and comments (type 2). */
import type { CommentTarget } from '../comments/targets.ts';
import type { LikeTarget } from '../likes/service.ts';
import type { TalkService } from './service.ts';

export function talkLikes(talks: TalkService): LikeTarget {
  return {
    async isLiked(id, actor) {
      const talk = talks.find(id);
      return talk ? talks.isLiked(talk, actor) : null;
    },
    async setLiked(id, actor, liked) {
      const talk = talks.find(id);
      if (!talk) return false;
      await (liked ? talks.like(talk, actor) : talks.unlike(talk, actor));
      return true;
    },
  };
}

/** A comment on a talk tells the site's owner, whose talks they are. */
export function talkCommentTarget(talks: TalkService): CommentTarget {
  return {
    async find(id) {
      return talks.find(id) ? { ownerId: talks.ownerId(), title: '说说' } : null;
    },
  };
}

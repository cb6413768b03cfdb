/**
 * Liking, one way for everything that can be liked (articles, talks, board posts, comments): the
 * heart turns and the count moves at once, then the count settles on the server's; a failure puts
 * both back; a second press while the first is on its way does nothing. Each store says where its
 * likes are shown (`show`); the rule is here only.
 */
import type { Envelope } from '../contract/envelope';

export interface Liked {
  liked: boolean;
  likes: number;
}

export interface LikeShown extends Liked {
  /** The press is on its way to the server. */
  liking: boolean;
}

export interface LikeCalls {
  /** Both answer the new count; a tip (code 100) means the server was already so, and still answers the count. */
  like: (id: number) => Promise<Envelope<number>>;
  unlike: (id: number) => Promise<Envelope<number>>;
}

/** Answers `toggle(id, before)`, which resolves to the like as it ends. */
export function likeToggle(calls: LikeCalls, show: (id: number, shown: LikeShown) => void) {
  const pending = new Set<number>();

  return async function toggle(id: number, before: Liked): Promise<Liked> {
    if (pending.has(id)) return before;
    pending.add(id);
    let now: Liked = { liked: !before.liked, likes: Math.max(0, before.likes + (before.liked ? -1 : 1)) };
    show(id, { ...now, liking: true });
    try {
      const { result } = await (before.liked ? calls.unlike : calls.like)(id);
      now = { liked: now.liked, likes: result ?? now.likes };
    } catch {
      now = before;
    }
    pending.delete(id);
    show(id, { ...now, liking: false });
    return now;
  };
}

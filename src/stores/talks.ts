/** The live side of talks: likes and comment counts from the server, and the reader's likes. */
import { map } from 'nanostores';
import { api } from '../client/api';
import { MAX_PAGE_SIZE } from '../contract/limits';

export interface TalkLive {
  likes: number;
  liked: boolean;
  comments: number;
  liking: boolean;
}

export const $talks = map<Record<number, TalkLive>>({});

let loading: Promise<void> | null = null;
let loadedAt = 0;
// Cards on one page share one request; a later visit to a talk page asks again.
const FRESH_MS = 5000;

/** The counters of every talk, in one request however many cards ask. */
export function loadTalks(): Promise<void> {
  if (loading) return loading;
  if (Date.now() - loadedAt < FRESH_MS) return Promise.resolve();
  loading = (async () => {
    try {
      const { result } = await api.talks(1, MAX_PAGE_SIZE);
      for (const talk of result?.list ?? []) {
        $talks.setKey(talk.id, { likes: talk.like_times, liked: talk.is_like, comments: talk.comment_total, liking: false });
      }
      loadedAt = Date.now();
    } catch {
      // The cards stay without counters; the next page tries again.
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Likes or unlikes at once on screen, then settles on the server's count. */
export async function toggleTalkLike(id: number): Promise<void> {
  const before = $talks.get()[id];
  if (!before || before.liking) return;
  $talks.setKey(id, { ...before, liking: true, liked: !before.liked, likes: Math.max(0, before.likes + (before.liked ? -1 : 1)) });
  try {
    const { result } = before.liked ? await api.unlikeTalk(id) : await api.likeTalk(id);
    $talks.setKey(id, { ...$talks.get()[id], liking: false, liked: !before.liked, likes: result ?? $talks.get()[id].likes });
  } catch {
    $talks.setKey(id, { ...before, liking: false });
  }
}

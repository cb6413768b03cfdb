/** The live side of talks: likes and comment counts from the server, and the reader's likes. */
import { map } from 'nanostores';
import { call } from '../client/api';
import { TALK_LIKE, TALK_LIST, TALK_UNLIKE } from '../contract/routes';
import { MAX_PAGE_SIZE } from '../contract/limits';
import { likeToggle } from './likes';

export interface TalkLive {
  likes: number;
  liked: boolean;
  comments: number;
  liking: boolean;
}

export const $talks = map<Record<number, TalkLive>>({});

let loading: Promise<void> | null = null;
// Cards on one page share one request; each new page asks again. A page counts as new once the
// router has swapped it in, which is before its islands hydrate.
let page = 0;
let loadedOn = -1;
if (typeof document !== 'undefined') document.addEventListener('astro:after-swap', () => page++);

/** The counters of every talk, read once however many cards of the page ask. */
export function loadTalks(): Promise<void> {
  if (loading) return loading;
  if (loadedOn === page) return Promise.resolve();
  const requestedOn = page;
  loading = (async () => {
    try {
      // The page shows every talk, so every page of the list is read, not only the first.
      for (let current = 1; ; current++) {
        const { result } = await call(TALK_LIST, { current, size: MAX_PAGE_SIZE });
        const list = result?.list ?? [];
        for (const talk of list)
          $talks.setKey(talk.id, {
            likes: talk.like_times,
            liked: talk.is_like,
            comments: talk.comment_total,
            liking: false,
          });
        if (list.length < MAX_PAGE_SIZE || current * MAX_PAGE_SIZE >= (result?.total ?? 0)) break;
      }
      loadedOn = requestedOn;
    } catch {
      // The cards stay without counters; the next page tries again.
    } finally {
      loading = null;
    }
  })();
  return loading;
}

const toggle = likeToggle(
  { like: (id) => call(TALK_LIKE, { id }), unlike: (id) => call(TALK_UNLIKE, { id }) },
  (id, shown) => $talks.setKey(id, { ...$talks.get()[id], ...shown }),
);

/** Likes or unlikes a talk (likes.ts says how). */
export async function toggleTalkLike(id: number): Promise<void> {
  const before = $talks.get()[id];
  if (before) await toggle(id, before);
}

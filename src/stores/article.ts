/** The live side of the article being read: counters from the server, and the reader's like. */
import { map } from 'nanostores';
import { call } from '../client/api';
import { ARTICLE_LIKE, ARTICLE_UNLIKE, ARTICLE_VIEW } from '../contract/routes';
import { RequestError } from '../lib/browser/request';
import { likeToggle } from './likes';

export interface ArticleLiveState {
  id: number | null;
  loaded: boolean;
  views: number;
  likes: number;
  /** Total reading time of everyone, in milliseconds. */
  readingMs: number;
  liked: boolean;
  liking: boolean;
}

const EMPTY: ArticleLiveState = {
  id: null,
  loaded: false,
  views: 0,
  likes: 0,
  readingMs: 0,
  liked: false,
  liking: false,
};

export const $article = map<ArticleLiveState>({ ...EMPTY });

/**
 * After a view that did not get through, it is sent again after these pauses (or as soon as the
 * browser is back online): without its answer the like button has nothing to show and stays off.
 */
export const VIEW_RETRY_MS = [3_000, 10_000] as const;

/** The visit being counted; a visit left (or opened again) stops the retries of the one before. */
let visit = 0;

/** Resolves after `ms`, or at once when the browser comes back online. */
function pauseOrOnline(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    addEventListener('online', done);
  });
}

/** Counts the view and loads the counters, once per visit to an article page. */
export async function countArticleView(id: number): Promise<void> {
  if ($article.get().id === id) return;
  $article.set({ ...EMPTY, id });
  const mine = ++visit;
  for (const pause of [0, ...VIEW_RETRY_MS]) {
    if (pause) await pauseOrOnline(pause);
    if (mine !== visit) return;
    try {
      const { result } = await call(ARTICLE_VIEW, { id });
      if (mine !== visit || !result) return;
      $article.set({
        ...$article.get(),
        loaded: true,
        views: result.view_times,
        likes: result.thumbs_up_times,
        readingMs: result.reading_duration,
        liked: result.is_like,
      });
      return;
    } catch (error) {
      // The notice, if any, has been shown; the page stays readable without counters meanwhile.
      // A refusal (the article gone, say) would be the same again; a request that timed out (408) may not.
      if (error instanceof RequestError && error.status >= 400 && error.status < 500 && error.status !== 408) return;
    }
  }
}

/** Leaving the page: the next visit counts again. */
export function leaveArticle(id: number): void {
  if ($article.get().id !== id) return;
  visit++;
  $article.set({ ...EMPTY });
}

const toggle = likeToggle(
  { like: (id) => call(ARTICLE_LIKE, { id }), unlike: (id) => call(ARTICLE_UNLIKE, { id }) },
  (id, shown) => {
    // An answer for an article the reader has left has nowhere to go.
    if ($article.get().id === id) $article.set({ ...$article.get(), ...shown });
  },
);

/** Likes or unlikes the article being read (likes.ts says how). */
export async function toggleLike(): Promise<void> {
  const { id, liked, likes } = $article.get();
  if (id !== null) await toggle(id, { liked, likes });
}

/** The server's new total after a report of this visit's reading, in milliseconds. */
export function setReadingTotal(id: number, totalMs: number): void {
  if ($article.get().id === id) $article.setKey('readingMs', totalMs);
}

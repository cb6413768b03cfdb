/** The live side of the article being read: counters from the server, and the reader's like. */
import { map } from 'nanostores';
import { articleApi } from '../client/articleApi';
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

const EMPTY: ArticleLiveState = { id: null, loaded: false, views: 0, likes: 0, readingMs: 0, liked: false, liking: false };

export const $article = map<ArticleLiveState>({ ...EMPTY });

/** Counts the view and loads the counters, once per visit to an article page. */
export async function openArticle(id: number): Promise<void> {
  if ($article.get().id === id) return;
  $article.set({ ...EMPTY, id });
  try {
    const { result } = await articleApi.viewArticle(id);
    if ($article.get().id !== id || !result) return;
    $article.set({ ...$article.get(), loaded: true, views: result.view_times, likes: result.thumbs_up_times, readingMs: result.reading_duration, liked: result.is_like });
  } catch {
    // The notice, if any, has been shown; the page stays readable without counters.
  }
}

/** Leaving the page: the next visit counts again. */
export function closeArticle(id: number): void {
  if ($article.get().id === id) $article.set({ ...EMPTY });
}

const toggle = likeToggle({ like: articleApi.likeArticle, unlike: articleApi.cancelLike }, (id, shown) => {
  // An answer for an article the reader has left has nowhere to go.
  if ($article.get().id === id) $article.set({ ...$article.get(), ...shown });
});

/** Likes or unlikes the article being read (likes.ts says how). */
export async function toggleLike(): Promise<void> {
  const { id, liked, likes } = $article.get();
  if (id !== null) await toggle(id, { liked, likes });
}

/** The server's new total after a report of this visit's reading, in milliseconds. */
export function setReadingTotal(id: number, totalMs: number): void {
  if ($article.get().id === id) $article.setKey('readingMs', totalMs);
}

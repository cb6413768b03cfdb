/**
 * What the live build holds of the owner's articles, for the console's list: which are on the site,
 * and which the build left out and why (its skipped list, src/lib/node/releaseRecords.ts).
 */
import type { ArticleListState, ArticleStatus, SkippedArticle } from '../../contract/writing.ts';

export interface LiveArticles {
  /** Whether the live build has the article. */
  has(id: number): boolean;
  /** The live build's skipped list. */
  skipped: readonly SkippedArticle[];
}

/** Nothing known of a live build: every article meant for readers counts as on the site. */
export const UNKNOWN_LIVE_BUILD: LiveArticles = { has: () => true, skipped: [] };

/**
 * An article's state in the list: its status, except that one meant for readers now is `live` only
 * in the live build, `failed` when the build left it out, and `pending` until a build has it.
 */
export function listStateOf(
  status: ArticleStatus,
  id: number,
  file: string,
  live: LiveArticles,
): { state: ArticleListState; skipped: SkippedArticle | null } {
  const skipped = status === 'trash' ? null : (live.skipped.find((s) => s.file === file) ?? null);
  if (status !== 'published') return { state: status, skipped };
  if (skipped) return { state: 'failed', skipped };
  return { state: live.has(id) ? 'live' : 'pending', skipped: null };
}

import type { PublishState } from '../../contract/writing.ts';

/**
 * Whether the article's page already shows what the last save asked for, ahead of the full build:
 * a quick release put it live after the save queued its build (src/server/writing/quickRelease.ts).
 */
export function pageLiveAhead(state: PublishState | null, articleId: number | null | undefined): boolean {
  const live = state?.page_live;
  if (!state || !live || !articleId || live.id !== articleId || live.gone) return false;
  return state.queued_at !== null && live.at >= state.queued_at;
}

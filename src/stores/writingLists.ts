/** The console's list of articles (by status and text) and of talks, with their bin actions. */
import { atom } from 'nanostores';
import { call } from '../client/api';
import {
  WRITING_ARTICLES,
  WRITING_CREATE_TALK,
  WRITING_DESTROY_ARTICLE,
  WRITING_RENAME_TAXONOMY,
  WRITING_RESTORE_ARTICLE,
  WRITING_RESTORE_TALK,
  WRITING_SAVE_TALK,
  WRITING_TALKS,
  WRITING_TAXONOMY,
  WRITING_TRASH_ARTICLE,
  WRITING_TRASH_TALK,
} from '../contract/routes';
import type { ArticleFilter, SaveTalkBody, Taxonomies, WritingArticleRow, WritingTalk } from '../contract/writing';
import { writingText } from '../i18n/writing.zh-CN';
import { adminAction, pagedTable } from './adminTable';
import { publishingStarted } from './publishStatus';

export const articleTable = pagedTable<WritingArticleRow, { status: ArticleFilter; keyword: string }>(
  { status: 'published', keyword: '' },
  (filter, current, size) => call(WRITING_ARTICLES, { status: filter.status, keyword: filter.keyword, current, size }),
);

export async function binArticle(id: number, action: 'trash' | 'restore' | 'destroy'): Promise<void> {
  const route = { trash: WRITING_TRASH_ARTICLE, restore: WRITING_RESTORE_ARTICLE, destroy: WRITING_DESTROY_ARTICLE }[
    action
  ];
  const done = { trash: writingText.trashed, restore: writingText.restored, destroy: writingText.destroyed }[action];
  if ((await adminAction(`article:${id}`, () => call(route, { id }), done)) !== undefined) {
    await articleTable.reload();
    publishingStarted();
  }
}

export const $talks = atom<WritingTalk[] | null>(null);
export const $talksTrashed = atom(false);
/** The last load of the talks failed: the screen offers to try again instead of loading for ever. */
export const $talksFailed = atom(false);

/** Never throws: a failure is told by the request client and kept in $talksFailed. */
export async function loadTalks(trashed = $talksTrashed.get()): Promise<void> {
  $talksTrashed.set(trashed);
  $talks.set(null);
  $talksFailed.set(false);
  try {
    $talks.set((await call(WRITING_TALKS, { trashed: trashed ? '1' : '0' })).result ?? []);
  } catch {
    if ($talksTrashed.get() === trashed) $talksFailed.set(true);
  }
}

/** True once saved, even if the list then fails to reload: the form is cleared, and a second press cannot post it twice. */
export async function saveTalk(id: number | null, body: SaveTalkBody): Promise<boolean> {
  const saved = await adminAction(
    `talk:${id ?? 'new'}`,
    () => (id === null ? call(WRITING_CREATE_TALK, body) : call(WRITING_SAVE_TALK, { id, ...body })),
    writingText.talkSaved,
  );
  if (saved === undefined) return false;
  await loadTalks();
  publishingStarted();
  return true;
}

export async function binTalk(id: number, action: 'trash' | 'restore'): Promise<void> {
  const done = action === 'trash' ? writingText.trashed : writingText.restored;
  if (
    (await adminAction(
      `talk:${id}`,
      () => call(action === 'trash' ? WRITING_TRASH_TALK : WRITING_RESTORE_TALK, { id }),
      done,
    )) !== undefined
  ) {
    await loadTalks();
    publishingStarted();
  }
}

export const $taxonomies = atom<Taxonomies | null>(null);
export const $taxonomiesFailed = atom(false);

/** Never throws, as loadTalks. */
export async function loadTaxonomies(): Promise<void> {
  $taxonomiesFailed.set(false);
  try {
    $taxonomies.set((await call(WRITING_TAXONOMY)).result ?? null);
  } catch {
    $taxonomiesFailed.set(true);
  }
}

/** Renames a category or tag in every article (merging into a name already in use); one publish. */
export async function renameName(kind: 'category' | 'tag', from: string, to: string): Promise<boolean> {
  const done = await adminAction(
    `${kind}:${from}`,
    () => call(WRITING_RENAME_TAXONOMY, { kind, from, to }),
    ({ changed }) => writingText.renamed(changed),
  );
  if (done === undefined) return false;
  await loadTaxonomies();
  publishingStarted();
  return true;
}

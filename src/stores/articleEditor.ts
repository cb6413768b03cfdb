/**
 * The article editor: the form, what was last saved, and the ways input is kept. Every change is
 * copied to this browser's storage and offered back after a crash or a closed tab; a save over a
 * hand edit shows both versions instead of overwriting.
 */
import { atom, map } from 'nanostores';
import { WRITING_DRAFTS_PREFIX } from '../client/account';
import { call } from '../client/api';
import {
  WRITING_ARTICLE,
  WRITING_CREATE_ARTICLE,
  WRITING_PREVIEW,
  WRITING_RESTORE_ARTICLE,
  WRITING_RESTORE_VERSION,
  WRITING_SAVE_ARTICLE,
  WRITING_TRASH_ARTICLE,
  WRITING_VERSION,
  WRITING_VERSIONS,
} from '../contract/routes';
import type {
  ArticleDraft,
  ContentVersionDetail,
  ContentVersionRow,
  PendingEdit,
  WritingArticle,
} from '../contract/writing';
import { writingText } from '../i18n/writing.zh-CN';
import { refusalOf, RequestError } from '../lib/browser/request';
import { bodyTooLong, draftOf, emptyDraft, fieldProblems, isLiveStatus, sameDraft } from '../lib/browser/writingDraft';
import { editArticlePage } from '../lib/browser/writingPages';
import { escapeHtml } from '../lib/shared/html';
import { uploadArticleImages } from './imageUploads';
import { publishingStarted } from './publishStatus';
import { showToast } from './toast';

export interface EditorState {
  id: number | null;
  revision: string | null;
  status: WritingArticle['status'] | null;
  draft: ArticleDraft;
  /** The form as last saved or opened: the draft differs from it when there is something to lose. */
  saved: ArticleDraft;
  loading: boolean;
  saving: boolean;
  /** Beside each field. */
  problems: Record<string, string>;
  /** The server's refusal of the whole save. */
  refusal: string;
  /** The file as it is on disk, when a save met a hand edit. */
  conflict: WritingArticle | null;
  /** Edits to the live article kept on the server (暂存修改): the form was opened from them, or saved them. */
  pending: PendingEdit | null;
  /** Its file in the articles folder, against which its images and cover resolve. */
  file: string | null;
}

export const $editor = map<EditorState>({
  id: null,
  revision: null,
  status: null,
  draft: emptyDraft(),
  saved: emptyDraft(),
  loading: true,
  saving: false,
  problems: {},
  refusal: '',
  conflict: null,
  pending: null,
  file: null,
});
/** A copy of unsaved input found in this browser, offered back. */
export const $localDraft = atom<{ draft: ArticleDraft; at: string } | null>(null);
export const $history = atom<ContentVersionRow[] | null>(null);
export const $version = atom<ContentVersionDetail | null>(null);

/** Kept under the prefix that logging out clears (client/account.ts). */
const storageKey = (id: number | null) => `${WRITING_DRAFTS_PREFIX}article:${id ?? 'new'}`;

function readLocal(id: number | null): { draft: ArticleDraft; at: string } | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(id)) ?? 'null');
    return stored && typeof stored.draft === 'object' ? stored : null;
  } catch {
    return null;
  }
}

export const isDirty = (state = $editor.get()) => !sameDraft(state.draft, state.saved);

/** Loads article `id` into the editor (null: a new article), and offers this browser's unsaved copy of it when that differs. */
export async function loadIntoEditor(id: number | null): Promise<void> {
  $editor.set({ ...$editor.get(), id, loading: true, conflict: null, problems: {}, refusal: '' });
  let opened: WritingArticle | null = null;
  if (id !== null) {
    try {
      opened = (await call(WRITING_ARTICLE, { id })).result ?? null;
    } catch (error) {
      $editor.set({
        ...$editor.get(),
        loading: false,
        refusal: refusalOf(error, writingText.loadArticleFailed).message,
      });
      return;
    }
  }
  const draft = showArticle(opened);
  const local = readLocal(id);
  $localDraft.set(local && !sameDraft(local.draft, draft) ? local : null);
}

/**
 * Puts an article the server answered into the form: its unpublished edits when it has some, with
 * the revision they began from, so 更新 meets a hand edit made since as a conflict.
 */
export function showArticle(article: WritingArticle | null): ArticleDraft {
  const pending = article?.pending ?? null;
  const draft = pending ? pending.fields : article ? draftOf(article) : emptyDraft();
  const revision = pending ? pending.base_revision : (article?.revision ?? null);
  $editor.set({
    ...$editor.get(),
    id: article?.id ?? $editor.get().id,
    revision,
    status: article?.status ?? null,
    file: article?.file ?? null,
    draft,
    saved: draft,
    pending,
    loading: false,
    saving: false,
    conflict: null,
  });
  return draft;
}

/** Forgets this browser's copy of the form once the server holds it. */
export const forgetLocal = (id: number | null) => localStorage.removeItem(storageKey(id));

/** Beside the field it names and above the buttons; a 409 shows the file on disk beside my version. */
export function showRefusal(error: unknown): void {
  const current = $editor.get();
  if (error instanceof RequestError && error.status === 409) {
    $editor.set({ ...current, saving: false, conflict: (error.body?.result as { disk: WritingArticle }).disk });
    return;
  }
  // The message is the first problem's: it goes beside that field, and above the buttons.
  const {
    message,
    fields: [field],
  } = refusalOf(error, writingText.saveFailed);
  $editor.set({ ...current, saving: false, refusal: message, problems: field ? { [field]: message } : {} });
}

export function changeDraft(fields: Partial<ArticleDraft>): void {
  const state = $editor.get();
  const draft = { ...state.draft, ...fields };
  const problems = { ...state.problems };
  for (const key of Object.keys(fields)) delete problems[key];
  $editor.set({ ...state, draft, problems });
  try {
    localStorage.setItem(storageKey(state.id), JSON.stringify({ draft, at: new Date().toLocaleString('zh-CN') }));
  } catch {
    // Storage full or blocked: the form still holds the input.
  }
}

export function takeLocalDraft(): void {
  const local = $localDraft.get();
  if (local) changeDraft(local.draft);
  $localDraft.set(null);
}

export function dropLocalDraft(): void {
  localStorage.removeItem(storageKey($editor.get().id));
  $localDraft.set(null);
}

/**
 * 保存草稿 (publish false) or 发布 and 更新. `overDisk`: after comparing with a hand edit, save over
 * the version on disk that was shown, and only that one: a later hand edit is again a conflict.
 */
export async function saveArticle(publish: boolean, overDisk = false): Promise<WritingArticle | null> {
  const state = $editor.get();
  if (state.saving) return null;
  const problems = fieldProblems(state.draft);
  if (Object.keys(problems).length) {
    $editor.set({ ...state, problems, refusal: '' });
    return null;
  }
  $editor.set({ ...state, saving: true, refusal: '' });
  const sent = state.draft;
  const body = {
    ...sent,
    base_revision: overDisk && state.conflict ? state.conflict.revision : state.revision,
    publish,
  };
  try {
    const { result } =
      state.id === null
        ? await call(WRITING_CREATE_ARTICLE, body)
        : await call(WRITING_SAVE_ARTICLE, { id: state.id, ...body });
    const saved = result!;
    const draft = draftOf(saved);
    // What was typed while the save was on its way stays in the form (and in this browser's storage).
    const typedSince = !sameDraft($editor.get().draft, sent);
    $editor.set({
      ...$editor.get(),
      id: saved.id,
      revision: saved.revision,
      status: saved.status,
      file: saved.file,
      draft: typedSince ? $editor.get().draft : draft,
      saved: draft,
      saving: false,
      conflict: null,
      pending: null,
    });
    forgetLocal(state.id);
    if (typedSince) changeDraft({});
    // The page router's own entry state is kept: it passes over history entries whose state is null, so Back would not come here.
    if (state.id === null) history.replaceState(history.state, '', editArticlePage(saved.id));
    showToast(
      publish
        ? state.status && isLiveStatus(state.status)
          ? writingText.updated
          : writingText.published
        : writingText.saved,
    );
    // A draft that was never live changes nothing readers see.
    if (publish || (state.status !== null && state.status !== 'draft' && state.status !== 'private'))
      publishingStarted();
    return saved;
  } catch (error) {
    showRefusal(error);
    return null;
  }
}

/** Leaves the conflict by taking the file on disk; my input stays in this browser's storage until then. */
export function takeDiskVersion(): void {
  const { conflict } = $editor.get();
  if (!conflict) return;
  const draft = draftOf(conflict);
  $editor.set({ ...$editor.get(), draft, saved: draft, revision: conflict.revision, conflict: null });
}

export async function loadHistory(): Promise<void> {
  const { id } = $editor.get();
  if (id === null) return $history.set([]);
  $history.set((await call(WRITING_VERSIONS, { id })).result ?? []);
}

export async function showVersion(versionId: number): Promise<void> {
  const { id } = $editor.get();
  if (id !== null) $version.set((await call(WRITING_VERSION, { id, versionId })).result ?? null);
}

export async function restoreVersion(versionId: number): Promise<void> {
  const { id } = $editor.get();
  if (id === null) return;
  const saved = (await call(WRITING_RESTORE_VERSION, { id, versionId })).result!;
  const draft = draftOf(saved);
  $editor.set({ ...$editor.get(), revision: saved.revision, status: saved.status, draft, saved: draft, pending: null });
  $version.set(null);
  $history.set(null);
  showToast(writingText.restoredVersion);
  publishingStarted();
}

export async function moveArticle(action: 'trash' | 'restore'): Promise<void> {
  const { id } = $editor.get();
  if (id === null) return;
  await call(action === 'trash' ? WRITING_TRASH_ARTICLE : WRITING_RESTORE_ARTICLE, { id });
  showToast(action === 'trash' ? writingText.trashed : writingText.restored);
  await loadIntoEditor(id);
  publishingStarted();
}

/** Uploads images beside the articles; answers the paths that made it. Progress and refusals are told beside the place they came from (imageUploads.ts). */
export const uploadImages = uploadArticleImages;

/** The body as readers will see it, rendered by the server with the site's own Markdown pipeline. */
export async function previewHtml(markdown: string): Promise<string> {
  // Past the limit the server would refuse it too, after reading it all.
  const tooLong = bodyTooLong(markdown);
  if (tooLong) return `<p>${escapeHtml(tooLong)}</p>`;
  try {
    const { id } = $editor.get();
    return (await call(WRITING_PREVIEW, { markdown, ...(id ? { id } : {}) })).result?.html ?? '';
  } catch {
    return `<p>${writingText.previewFailed}</p>`;
  }
}
